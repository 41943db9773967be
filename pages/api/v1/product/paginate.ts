import { route, endpoint, PUBLIC_CACHE } from '@/lib/server/http/route';
import { paginateQuery } from '@/lib/contracts/catalogue';
import { paginateProducts } from '@/lib/server/services/catalogue';

export default route({
  GET: endpoint({
    query: paginateQuery,
    handle: async ({ db, query }) => ({ data: await paginateProducts(db, query), headers: PUBLIC_CACHE }),
  }),
});
