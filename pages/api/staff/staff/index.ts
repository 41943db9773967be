import { route, endpoint } from '@/lib/server/http/route';
import { createStaffBody } from '@/lib/contracts/staff';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { inviteStaff } from '@/lib/server/services/staff/auth';
import { listStaff } from '@/lib/server/services/staff/manage';

export const config = { api: { bodyParser: false } };

/**
 * GET /admin/api/staff (owner only): every staff member, active ones first, then by name.
 * POST /admin/api/staff {email, name, role, branch?} (owner only): adds a staff member, who gets
 * an e-mail with a sign-in code valid 24 hours; 409 when the e-mail is taken.
 */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner']),
      handle: async ({ db }) => ({ data: await listStaff(db) }),
    }),
    POST: endpoint({
      authorize: authorizeStaff(['owner']),
      body: createStaffBody,
      handle: async ({ db, req, body }) => {
        const member = await inviteStaff(db, signedInStaff(req), body, now());
        return { data: member, status: 201, message: `${member.name} is added and has been e-mailed a sign-in code` };
      },
    }),
  },
  { ownOrigin: true },
);
