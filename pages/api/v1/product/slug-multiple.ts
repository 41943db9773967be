import { route, endpoint, PUBLIC_CACHE } from '@/lib/server/http/route';
import { productSlugMultipleQuery } from '@/lib/contracts/catalogue';
import { getDb } from '@/lib/server/db/client';
import { productsByKeys } from '@/lib/server/services/catalogue';

export default route({
  GET: endpoint({
    query: productSlugMultipleQuery,
    handle: async ({ query }) => ({
      data: await productsByKeys(await getDb(), 'slug', query.slugs, query.onlyActive),
      headers: PUBLIC_CACHE,
    }),
  }),
});
