import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { getConfig } from '@/lib/server/config';
import { NotFoundError } from '@/lib/server/http/errors';
import { readOutbox } from '@/lib/server/mail/outbox';

/**
 * GET /api/dev/outbox?to={email}&limit={n}: the dev outbox's newest messages, for browser tests
 * and local work. 404 in production.
 */
export default route({
  GET: endpoint({
    query: z.object({
      to: z.string().trim().max(254, 'to is too long').optional(),
      limit: z.coerce.number({ message: 'limit must be a number' }).int().min(1, 'limit must be 1 or more').max(200, 'limit must be 200 or less').optional(),
    }),
    handle: async ({ query }) => {
      const config = getConfig();
      if (config.env === 'production') throw new NotFoundError('Not found');
      return { data: await readOutbox(config.dataDir, { to: query.to, limit: query.limit ?? 50 }) };
    },
  }),
});
