import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { updateStaffBody } from '@/lib/contracts/staff';
import { singleLine } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { updateStaffMember } from '@/lib/server/services/staff/manage';

export const config = { api: { bodyParser: false } };

/**
 * PATCH /admin/api/staff/{id} {name?, role?, branch?, active?} (owner only): changes a member and
 * answers them afterwards; deactivating ends their sessions at once. 400 for a florist or rider
 * without a branch, 404 for an unknown id, 409 for the last active owner or an owner's own
 * deactivation or demotion.
 */
export default route(
  {
    PATCH: endpoint({
      authorize: authorizeStaff(['owner']),
      query: z.object({ id: singleLine(100) }),
      body: updateStaffBody,
      handle: async ({ db, req, query, body }) => {
        const member = await updateStaffMember(db, signedInStaff(req), query.id, body, now());
        const what = body.active === false ? 'is deactivated and signed out everywhere' : body.active === true ? 'is active again' : 'is changed';
        return { data: member, message: `${member.name} ${what}` };
      },
    }),
  },
  { ownOrigin: true },
);
