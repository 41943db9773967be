import { route, endpoint } from '@/lib/server/http/route';
import { basedOnQuery } from '@/lib/contracts/settings-admin';
import { capacityBody } from '@/lib/contracts/capacity';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { adminCapacity, changeCapacity } from '@/lib/server/services/backoffice/capacity';

export const config = { api: { bodyParser: false } };

/**
 * GET /admin/api/settings/capacity (owners, managers): `AdminCapacity`, the daily limits per branch,
 * the days with their own, when they last changed, and the bookings of the next days.
 * PUT /admin/api/settings/capacity?basedOn= {defaults: {lagos, abuja}, days: [{day, lagos, abuja, note}]}:
 * replaces them (null: no limit, or the branch's default on a day); the calendar and checkout use
 * them at once. 400 naming the place in words, 409 when someone saved them since `basedOn`, 403
 * for florists and riders.
 */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      handle: async ({ db }) => ({ data: await adminCapacity(db, now()) }),
    }),
    PUT: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: basedOnQuery,
      body: capacityBody,
      handle: async ({ db, req, query, body }) => {
        const { result, changed } = await changeCapacity(db, signedInStaff(req), body, query.basedOn, now());
        return { data: result, message: changed ? 'The delivery capacity is saved: the calendar and checkout use it at once' : 'Nothing to change' };
      },
    }),
  },
  { ownOrigin: true },
);
