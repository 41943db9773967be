import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { getConfig } from '@/lib/server/config';
import { NotFoundError } from '@/lib/server/http/errors';
import { readOutbox } from '@/lib/server/mail/outbox';
import { isLiveProduction } from '@/lib/server/operator';

/**
 * GET /api/dev/outbox?to={email}&limit={n}: the dev outbox's newest messages, for browser tests
 * and local work. 404 when the operator runs the shop in production (`isLiveProduction()`).
 */
export default route({
  GET: endpoint({
    query: z.object({
      to: z.string().trim().max(254, 'to is too long').optional(),
      limit: z.coerce.number({ message: 'limit must be a number' }).int().min(1, 'limit must be 1 or more').max(200, 'limit must be 200 or less').optional(),
    }),
    handle: async ({ query }) => {
      if (isLiveProduction()) throw new NotFoundError('Not found');
      const config = getConfig();
      return { data: await readOutbox(config.dataDir, { to: query.to, limit: query.limit ?? 50 }) };
    },
  }),
});
