import { route, endpoint } from '@/lib/server/http/route';
import { couponRedemptionsQuery } from '@/lib/contracts/coupons-admin';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff } from '@/lib/server/services/staff/access';
import { listCouponRedemptions } from '@/lib/server/services/backoffice/coupons';

/**
 * GET /admin/api/coupons/{code}/redemptions?page= (owners, managers): the coupon and the orders
 * holding it, newest first, 50 a page: order number, date, what it took off, the payment state and
 * how the use stands (paid, held, lapsed). 404 unknown code.
 */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: couponRedemptionsQuery,
      handle: async ({ db, query }) => ({ data: await listCouponRedemptions(db, query.code, query.page ?? 1, now()) }),
    }),
  },
  { ownOrigin: true },
);
