import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { couponValidateBody } from '@/lib/contracts/orders';
import { now } from '@/lib/server/security/clock';
import { applyCoupon } from '@/lib/server/services/orders/coupons';

export const config = { api: { bodyParser: false } };

/** Applies a coupon to an unpaid order: the order with its new totals, or 400 with the reason. */
export default route({
  POST: endpoint({
    query: businessQuery,
    body: couponValidateBody,
    handle: async ({ db, body }) => {
      const order = await applyCoupon(db, body.orderId, body.code, now());
      return { data: order, message: `Coupon ${body.code} applied` };
    },
  }),
});
