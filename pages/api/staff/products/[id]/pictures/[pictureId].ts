import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { singleLine } from '@/lib/contracts/text';
import { pictureAltBody } from '@/lib/contracts/product-pictures';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { changePictureAlt, removePicture } from '@/lib/server/services/backoffice/product-pictures';

export const config = { api: { bodyParser: false } };

const query = z.object({ id: singleLine(100), pictureId: singleLine(100) });

/**
 * PATCH /admin/api/products/{id}/pictures/{pictureId} {alt} (owners, managers): the picture's new
 * alt text; answers the picture. 400 naming the field, 404 when the product has no such picture.
 *
 * DELETE /admin/api/products/{id}/pictures/{pictureId} (owners, managers): removes the picture
 * (the ones after it move up); answers the pictures left. Its stored files go after the commit
 * unless another product's picture shares them.
 */
export default route(
  {
    PATCH: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query,
      body: pictureAltBody,
      handle: async ({ db, req, query, body }) => {
        const { picture, changed } = await changePictureAlt(db, signedInStaff(req), query.id, query.pictureId, body.alt, now());
        return { data: picture, message: changed ? 'The alt text is changed' : 'Nothing to change' };
      },
    }),
    DELETE: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query,
      handle: async ({ db, req, query }) => ({
        data: await removePicture(db, signedInStaff(req), query.id, query.pictureId, now()),
        message: 'The picture is removed',
      }),
    }),
  },
  { ownOrigin: true },
);
