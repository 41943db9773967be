import { z } from 'zod';
import { describeIssue, route, endpoint } from '@/lib/server/http/route';
import { BadRequestError } from '@/lib/server/http/errors';
import { singleLine } from '@/lib/contracts/text';
import { PICTURE_FILE_MISSING, pictureUploadFields } from '@/lib/contracts/product-pictures';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { addPicture, assertMayAddPicture, listPictures } from '@/lib/server/services/backoffice/product-pictures';
import { PRODUCT_PICTURE, readPhotoUpload } from '@/lib/server/media/upload';

export const config = { api: { bodyParser: false } };

const query = z.object({ id: singleLine(100) });

/**
 * GET /admin/api/products/{id}/pictures (owners, managers): the product and its pictures, first
 * first. 404 for an unknown product.
 *
 * POST /admin/api/products/{id}/pictures (owners, managers; multipart/form-data: `file`, `alt`):
 * adds the picture as the product's last; 201 with the picture. The product is checked before the
 * upload is read (404, 409 when it has 20 pictures), the file by its content (415 not a JPEG,
 * PNG, WebP, HEIC or AVIF; 413 over 15 MB or 50 megapixels; 400 under 400 px), the alt text
 * (400: required, at most 200 characters). Shoppers' next request shows it.
 */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query,
      handle: async ({ db, query }) => ({ data: await listPictures(db, query.id) }),
    }),
    POST: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query,
      handle: async ({ db, req, query }) => {
        await assertMayAddPicture(db, query.id);
        const upload = await readPhotoUpload(req, { fileField: 'file', fieldNames: Object.keys(pictureUploadFields.shape), rules: PRODUCT_PICTURE });
        try {
          const fields = pictureUploadFields.safeParse(upload.fields);
          if (!fields.success) throw new BadRequestError(describeIssue(fields.error, 'body'));
          if (!upload.file) throw new BadRequestError(PICTURE_FILE_MISSING);
          const picture = await addPicture(db, signedInStaff(req), query.id, { alt: fields.data.alt, file: upload.file }, now());
          return { data: picture, status: 201, message: 'The picture is added' };
        } finally {
          await upload.discard();
        }
      },
    }),
  },
  { ownOrigin: true },
);
