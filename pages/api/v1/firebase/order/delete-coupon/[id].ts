import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { orderIdParam } from '@/lib/contracts/orders';
import { emptyBody } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { removeCoupon } from '@/lib/server/services/orders/coupons';

export const config = { api: { bodyParser: false } };

/** Takes the coupon off an unpaid order (an order without one is answered unchanged). */
export default route({
  DELETE: endpoint({
    query: businessQuery.extend({ id: orderIdParam }),
    body: emptyBody,
    handle: async ({ db, query }) => ({ data: await removeCoupon(db, query.id, now()), message: 'Coupon removed' }),
  }),
});
