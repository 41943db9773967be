import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { loginBody } from '@/lib/contracts/auth';
import { getDb } from '@/lib/server/db/client';
import { assertBusiness, login, requestContext } from '@/lib/server/services/accounts';

export const config = { api: { bodyParser: false } };

export default route({
  POST: endpoint({
    query: businessQuery,
    body: loginBody,
    handle: async ({ req, body }) => {
      assertBusiness(body.business);
      const user = await login(await getDb(), body.email, body.password, requestContext(req));
      return { data: user, message: `Logged in successfully as ${user.email}` };
    },
  }),
});
