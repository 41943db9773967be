import { route, endpoint } from '@/lib/server/http/route';
import { subscribeQuery } from '@/lib/contracts/subscribe';
import { emptyBody } from '@/lib/contracts/text';
import { subscribe } from '@/lib/server/services/subscribers';

export const config = { api: { bodyParser: false } };

export default route({
  POST: endpoint({
    query: subscribeQuery,
    body: emptyBody,
    handle: async ({ db, query }) => {
      const result = await subscribe(db, query.email);
      return result.alreadySubscribed
        ? { data: result, message: 'You are already subscribed' }
        : { data: result, message: 'Subscribed to the newsletter', status: 201 };
    },
  }),
});
