import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { signupBody } from '@/lib/contracts/auth';
import { requestContext, signup } from '@/lib/server/services/accounts/auth';

export const config = { api: { bodyParser: false } };

export default route({
  POST: endpoint({
    query: businessQuery,
    body: signupBody,
    handle: async ({ db, req, body }) => {
      const user = await signup(db, body, requestContext(req));
      return { data: user, message: 'User signed up successfully', status: 201 };
    },
  }),
});
