import { route, endpoint, PUBLIC_CACHE } from '@/lib/server/http/route';
import { productIdMultipleQuery } from '@/lib/contracts/catalogue';
import { productsByKeys } from '@/lib/server/services/catalogue';

export default route({
  GET: endpoint({
    query: productIdMultipleQuery,
    handle: async ({ db, query }) => ({
      data: await productsByKeys(
        db,
        'id',
        query.ids.map((id) => id.toLowerCase()),
        query.onlyActive,
      ),
      headers: PUBLIC_CACHE,
    }),
  }),
});
