import { route, endpoint } from '@/lib/server/http/route';
import { appendSetCookie } from '@/lib/server/http/cookies';
import { staffCodeBody } from '@/lib/contracts/staff';
import { requestContext } from '@/lib/server/services/accounts/context';
import { staffCode } from '@/lib/server/services/staff/auth';

export const config = { api: { bodyParser: false } };

/** POST /admin/api/auth/code {email, code}: the e-mailed code signs in and remembers this browser. */
export default route(
  {
    POST: endpoint({
      body: staffCodeBody,
      handle: async ({ db, req, res, body }) => {
        const { data, cookies } = await staffCode(db, req, body, requestContext(req));
        appendSetCookie(res, cookies);
        return { data, message: `Signed in as ${data.staff.email}` };
      },
    }),
  },
  { ownOrigin: true },
);
