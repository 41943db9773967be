import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { couponValidateBody } from '@/lib/contracts/orders';
import { getDb } from '@/lib/server/db/client';
import { now } from '@/lib/server/security/clock';
import { assertBusiness } from '@/lib/server/services/accounts/context';
import { applyCoupon } from '@/lib/server/services/orders/coupons';

export const config = { api: { bodyParser: false } };

/** Applies a coupon to an unpaid order: the order with its new totals, or 400 with the reason. */
export default route({
  POST: endpoint({
    query: businessQuery,
    body: couponValidateBody,
    handle: async ({ body }) => {
      assertBusiness(body.business);
      const order = await applyCoupon(await getDb(), body.orderId, body.code, now());
      return { data: order, message: `Coupon ${body.code} applied` };
    },
  }),
});
