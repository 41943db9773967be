import { route, endpoint, PUBLIC_CACHE } from '@/lib/server/http/route';
import { paginateQuery } from '@/lib/contracts/catalogue';
import { getDb } from '@/lib/server/db/client';
import { paginateProducts } from '@/lib/server/services/catalogue';

export default route({
  GET: endpoint({
    query: paginateQuery,
    handle: async ({ query }) => ({ data: await paginateProducts(await getDb(), query), headers: PUBLIC_CACHE }),
  }),
});
