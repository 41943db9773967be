import { route, endpoint } from '@/lib/server/http/route';
import { shopDetailsBody, shopDetailsSaveQuery } from '@/lib/contracts/shop-details';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { getShopDetails, NOTHING_TO_CHANGE, SAVED_MESSAGE, saveShopDetails } from '@/lib/server/services/backoffice/shop-details';

export const config = { api: { bodyParser: false } };

/**
 * GET /admin/api/shop-details (owners, managers): the branches and payment details as the shop
 * uses them now (`stored: false` while the environment's values stand in).
 * PUT /admin/api/shop-details?basedOn= {branches: {lagos, abuja}, payment: {naira, walletEmail,
 * bitcoinAddress, leadBank, natwest}}: replaces them whole; the handshake, the pages and the
 * transfer instructions show them from the next request. 400 naming the field; 409 when someone
 * saved them since `basedOn` (the `updatedAt` the page read, or 'environment').
 */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      handle: async ({ db }) => ({ data: await getShopDetails(db) }),
    }),
    PUT: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: shopDetailsSaveQuery,
      body: shopDetailsBody,
      handle: async ({ db, req, query, body }) => {
        const { answer, changed } = await saveShopDetails(db, signedInStaff(req), body, query.basedOn, now());
        return { data: answer, message: changed ? SAVED_MESSAGE : NOTHING_TO_CHANGE };
      },
    }),
  },
  { ownOrigin: true },
);
