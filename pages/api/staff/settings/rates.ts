import { route, endpoint } from '@/lib/server/http/route';
import { ratesBody } from '@/lib/contracts/settings-admin';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { changeRates } from '@/lib/server/services/backoffice/settings';

export const config = { api: { bodyParser: false } };

/**
 * PUT /admin/api/settings/rates {USD, GBP, confirmLargeChange?} (owners, managers): naira per
 * dollar and per pound (whole naira, ₦100–₦20,000); NGN stays 1. Answers `{ rates, changed }`.
 * 400 naming the rate, 409 for a move over 20% that is not confirmed, 403 for florists and riders.
 */
export default route(
  {
    PUT: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      body: ratesBody,
      handle: async ({ db, req, body }) => {
        const result = await changeRates(db, signedInStaff(req), body, now());
        return { data: result, message: result.changed ? 'The rates are saved: prices in dollars and pounds follow them at once' : 'Nothing to change' };
      },
    }),
  },
  { ownOrigin: true },
);
