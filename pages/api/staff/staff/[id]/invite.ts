import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { singleLine, strictObject } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { resendInvitation } from '@/lib/server/services/staff/manage';

export const config = { api: { bodyParser: false } };

/**
 * POST /admin/api/staff/{id}/invite (owner only): e-mails a member who has not chosen a password
 * yet a new sign-in code valid 24 hours. 404 for an unknown id, 409 for a deactivated member or
 * one with a password, 429 past 5 codes an hour.
 */
export default route(
  {
    POST: endpoint({
      authorize: authorizeStaff(['owner']),
      query: z.object({ id: singleLine(100) }),
      body: strictObject({}),
      handle: async ({ db, req, query }) => {
        const member = await resendInvitation(db, signedInStaff(req), query.id, now());
        return { data: member, message: `A new sign-in code is e-mailed to ${member.email}` };
      },
    }),
  },
  { ownOrigin: true },
);
