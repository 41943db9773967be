import { route, endpoint } from '@/lib/server/http/route';
import { couponCreateBody } from '@/lib/contracts/coupons-admin';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { createCoupon, listCoupons } from '@/lib/server/services/backoffice/coupons';

export const config = { api: { bodyParser: false } };

/**
 * GET /admin/api/coupons (owners, managers): every coupon, newest first, with its paid and held uses.
 * POST /admin/api/coupons {code, kind, amount, description?, minAmount?, startsAt?, endsAt?,
 * usageLimit?, active?}: a new coupon (201); 400 naming the field, 409 for a code that exists.
 */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      handle: async ({ db }) => ({ data: await listCoupons(db, now()) }),
    }),
    POST: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      body: couponCreateBody,
      handle: async ({ db, req, body }) => {
        const coupon = await createCoupon(db, signedInStaff(req), body, now());
        return { data: coupon, status: 201, message: `${coupon.code} is created` };
      },
    }),
  },
  { ownOrigin: true },
);
