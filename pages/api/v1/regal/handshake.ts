import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { getDb } from '@/lib/server/db/client';
import { handshake } from '@/lib/server/services/settings';

export default route({
  GET: endpoint({
    query: businessQuery,
    handle: async () => ({ data: await handshake(await getDb(), new Date()) }),
  }),
});
