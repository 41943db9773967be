import { route, endpoint, PUBLIC_CACHE } from '@/lib/server/http/route';
import { productSlugMultipleQuery } from '@/lib/contracts/catalogue';
import { productsByKeys } from '@/lib/server/services/catalogue';

export default route({
  GET: endpoint({
    query: productSlugMultipleQuery,
    handle: async ({ db, query }) => ({
      data: await productsByKeys(db, 'slug', query.slugs, query.onlyActive),
      headers: PUBLIC_CACHE,
    }),
  }),
});
