import { route, endpoint, PUBLIC_CACHE } from '@/lib/server/http/route';
import { productAllQuery } from '@/lib/contracts/catalogue';
import { getDb } from '@/lib/server/db/client';
import { allProducts } from '@/lib/server/services/catalogue';

export default route({
  GET: endpoint({
    query: productAllQuery,
    handle: async ({ query }) => ({ data: await allProducts(await getDb(), query.onlyActive), headers: PUBLIC_CACHE }),
  }),
});
