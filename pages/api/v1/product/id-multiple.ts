import { route, endpoint, PUBLIC_CACHE } from '@/lib/server/http/route';
import { productIdMultipleQuery } from '@/lib/contracts/catalogue';
import { getDb } from '@/lib/server/db/client';
import { productsByKeys } from '@/lib/server/services/catalogue';

export default route({
  GET: endpoint({
    query: productIdMultipleQuery,
    handle: async ({ query }) => ({
      data: await productsByKeys(
        await getDb(),
        'id',
        query.ids.map((id) => id.toLowerCase()),
        query.onlyActive,
      ),
      headers: PUBLIC_CACHE,
    }),
  }),
});
