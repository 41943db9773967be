import { route, endpoint } from '@/lib/server/http/route';
import { appendSetCookie } from '@/lib/server/http/cookies';
import { strictObject } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { staffLogoutAll } from '@/lib/server/services/staff/auth';

export const config = { api: { bodyParser: false } };

/** POST /admin/api/auth/logout-all: ends every session of the signed-in member and forgets their devices. */
export default route(
  {
    POST: endpoint({
      body: strictObject({}),
      handle: async ({ db, req, res }) => {
        const { data, cookies } = await staffLogoutAll(db, req, now());
        appendSetCookie(res, cookies);
        return { data, message: 'Signed out everywhere' };
      },
    }),
  },
  { ownOrigin: true },
);
