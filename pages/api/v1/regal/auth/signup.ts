import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { signupBody } from '@/lib/contracts/auth';
import { getDb } from '@/lib/server/db/client';
import { assertBusiness, requestContext, signup } from '@/lib/server/services/accounts';

export const config = { api: { bodyParser: false } };

export default route({
  POST: endpoint({
    query: businessQuery,
    body: signupBody,
    handle: async ({ req, body }) => {
      assertBusiness(body.business);
      const user = await signup(await getDb(), body, requestContext(req));
      return { data: user, message: 'User signed up successfully', status: 201 };
    },
  }),
});
