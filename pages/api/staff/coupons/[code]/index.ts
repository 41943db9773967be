import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { couponChangeBody } from '@/lib/contracts/coupons-admin';
import { singleLine } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { changeCoupon, deleteCoupon } from '@/lib/server/services/backoffice/coupons';

export const config = { api: { bodyParser: false } };

const codeQuery = z.object({ code: singleLine(40) });

/**
 * PATCH /admin/api/coupons/{code} {description?, kind?, amount?, minAmount?, startsAt?, endsAt?,
 * usageLimit?, active?} (owners, managers): changes its terms, pauses (`active: false`) or resumes
 * it; answers the coupon afterwards. Checkout refuses a paused coupon from the next request on.
 * DELETE /admin/api/coupons/{code}: removes a coupon no order ever took (409 otherwise: pause it).
 * 400 naming the field, 404 unknown code, 403 for florists and riders.
 */
export default route(
  {
    PATCH: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: codeQuery,
      body: couponChangeBody,
      handle: async ({ db, req, query, body }) => {
        const { coupon, changed } = await changeCoupon(db, signedInStaff(req), query.code, body, now());
        const what = body.active === false ? 'paused' : body.active === true && Object.keys(body).length === 1 ? 'active again' : 'changed';
        return { data: coupon, message: changed ? `${coupon.code} is ${what}` : 'Nothing to change' };
      },
    }),
    DELETE: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: codeQuery,
      handle: async ({ db, req, query }) => {
        await deleteCoupon(db, signedInStaff(req), query.code, now());
        return { data: null, message: `${query.code.toUpperCase()} is removed` };
      },
    }),
  },
  { ownOrigin: true },
);
