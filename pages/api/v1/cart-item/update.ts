import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { cartUpdateBody } from '@/lib/contracts/cart';
import { now } from '@/lib/server/security/clock';
import { requireUser, updateCart } from '@/lib/server/services/accounts/auth';

export const config = { api: { bodyParser: false } };

/** Replaces the logged-in shopper's server cart (401 without a valid bearer token). */
export default route({
  PUT: endpoint({
    query: businessQuery,
    body: cartUpdateBody,
    handle: async ({ db, req, body }) => {
      const at = now();
      return { data: await updateCart(db, await requireUser(db, req, at), body.cartItems, at), message: 'Cart saved' };
    },
  }),
});
