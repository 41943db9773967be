import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { loginBody } from '@/lib/contracts/auth';
import { login, requestContext } from '@/lib/server/services/accounts/auth';

export const config = { api: { bodyParser: false } };

export default route({
  POST: endpoint({
    query: businessQuery,
    body: loginBody,
    handle: async ({ db, req, body }) => {
      const user = await login(db, body.email, body.password, requestContext(req));
      return { data: user, message: `Logged in successfully as ${user.email}` };
    },
  }),
});
