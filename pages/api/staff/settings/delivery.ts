import { route, endpoint } from '@/lib/server/http/route';
import { basedOnQuery, deliveryBody } from '@/lib/contracts/settings-admin';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { changeDelivery } from '@/lib/server/services/backoffice/settings';

export const config = { api: { bodyParser: false } };

/**
 * PUT /admin/api/settings/delivery?basedOn= {baseConfig, overrideConfigs, sameDayCutoffHour}
 * (owners, managers): replaces the delivery settings; the next handshake and checkout use them.
 * Answers `{ delivery, updatedAt, changed }`. 400 naming the place in words ('Valentine peak:
 * Lagos central fee must be a whole number of naira'), 409 when it removes a zone orders carry or
 * someone saved the settings since `basedOn`, 403 for florists and riders.
 */
export default route(
  {
    PUT: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: basedOnQuery,
      body: deliveryBody,
      handle: async ({ db, req, query, body }) => {
        const result = await changeDelivery(db, signedInStaff(req), body, query.basedOn, now());
        return { data: result, message: result.changed ? 'The delivery settings are saved: checkout uses them at once' : 'Nothing to change' };
      },
    }),
  },
  { ownOrigin: true },
);
