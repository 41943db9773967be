import { route, endpoint } from '@/lib/server/http/route';
import { appendSetCookie } from '@/lib/server/http/cookies';
import { staffLoginBody } from '@/lib/contracts/staff';
import { requestContext } from '@/lib/server/services/accounts/context';
import { staffLogin } from '@/lib/server/services/staff/auth';

export const config = { api: { bodyParser: false } };

/**
 * POST /admin/api/auth/login {email, password}: signed in from a known device, else a code by
 * e-mail (`needsCode: true`); 401 'Incorrect email or password'.
 */
export default route(
  {
    POST: endpoint({
      body: staffLoginBody,
      handle: async ({ db, req, res, body }) => {
        const { data, cookies } = await staffLogin(db, req, body, requestContext(req));
        appendSetCookie(res, cookies);
        return { data, message: data.needsCode ? 'We have e-mailed you a sign-in code' : `Signed in as ${data.staff.email}` };
      },
    }),
  },
  { ownOrigin: true },
);
