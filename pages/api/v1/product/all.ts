import { route, endpoint, PUBLIC_CACHE } from '@/lib/server/http/route';
import { productAllQuery } from '@/lib/contracts/catalogue';
import { allProducts } from '@/lib/server/services/catalogue';

export default route({
  GET: endpoint({
    query: productAllQuery,
    handle: async ({ db, query }) => ({ data: await allProducts(db, query.onlyActive), headers: PUBLIC_CACHE }),
  }),
});
