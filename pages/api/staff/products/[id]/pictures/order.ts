import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { singleLine } from '@/lib/contracts/text';
import { pictureOrderBody } from '@/lib/contracts/product-pictures';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { reorderPictures } from '@/lib/server/services/backoffice/product-pictures';

export const config = { api: { bodyParser: false } };

/**
 * PUT /admin/api/products/{id}/pictures/order {pictureIds} (owners, managers): every picture of
 * the product, first first; answers the pictures in their new order. 400 for a malformed list or
 * an id named twice, 409 when the list is not exactly the product's pictures, 404 unknown product.
 */
export default route(
  {
    PUT: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: z.object({ id: singleLine(100) }),
      body: pictureOrderBody,
      handle: async ({ db, req, query, body }) => {
        const { pictures, moved } = await reorderPictures(db, signedInStaff(req), query.id, body.pictureIds, now());
        return { data: pictures, message: moved ? 'The pictures are in their new order' : 'Nothing to change' };
      },
    }),
  },
  { ownOrigin: true },
);
