import { route, endpoint } from '@/lib/server/http/route';
import { alertsBody, basedOnQuery } from '@/lib/contracts/settings-admin';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { changeAlerts } from '@/lib/server/services/backoffice/settings';

export const config = { api: { bodyParser: false } };

/**
 * PUT /admin/api/settings/alerts?basedOn= {siteWideAlert, paymentAlerts, productAlerts} (owners,
 * managers): replaces the alert texts; the next storefront request shows them. Answers
 * `{ alerts, updatedAt, changed }`. 400 naming the field in words, 409 when someone saved the
 * alerts since `basedOn`, 403 for florists and riders.
 */
export default route(
  {
    PUT: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: basedOnQuery,
      body: alertsBody,
      handle: async ({ db, req, query, body }) => {
        const result = await changeAlerts(db, signedInStaff(req), body, query.basedOn, now());
        return { data: result, message: result.changed ? 'The alerts are saved: shoppers see them on their next page' : 'Nothing to change' };
      },
    }),
  },
  { ownOrigin: true },
);
