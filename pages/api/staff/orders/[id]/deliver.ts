import { z } from 'zod';
import { describeIssue, route, endpoint } from '@/lib/server/http/route';
import { BadRequestError } from '@/lib/server/http/errors';
import { deliverFields } from '@/lib/contracts/backoffice';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { applyStaffAction, assertMayDeliver } from '@/lib/server/services/backoffice/staff-order';
import { readPhotoUpload, photoToWebp } from '@/lib/server/media/upload';
import { mediaStorage, newMediaKey } from '@/lib/server/media/storage';

export const config = { api: { bodyParser: false } };

/**
 * POST /admin/api/orders/{id}/deliver (multipart/form-data: `photo`, `recipientName`, `note`):
 * marks the order delivered with the rider's photo. The member's right to deliver it is checked
 * before the photo is read (404 outside their branch, 403, 409), the photo by its content (415,
 * 413 over 10 MB), and it is stored before the order changes; if the change is then refused, the
 * stored photo is removed again.
 */
export default route(
  {
    POST: endpoint({
      authorize: authorizeStaff(),
      query: z.object({ id: z.string().max(100) }),
      handle: async ({ db, req, query }) => {
        const viewer = signedInStaff(req);
        await assertMayDeliver(db, query.id, viewer);
        const upload = await readPhotoUpload(req, { fileField: 'photo', fieldNames: Object.keys(deliverFields.shape) });
        try {
          const fields = deliverFields.safeParse(upload.fields);
          if (!fields.success) throw new BadRequestError(describeIssue(fields.error, 'body'));
          const photo = upload.file ? await photoToWebp(upload.file) : null;
          const storage = mediaStorage();
          const key = photo ? newMediaKey('deliveries') : undefined;
          if (key && photo) await storage.put(key, photo);
          try {
            const result = await applyStaffAction(db, query.id, { type: 'deliver', ...fields.data, photo: key }, viewer, now());
            return { data: result, message: `Order ${result.order.orderNumber}: delivered` };
          } catch (error) {
            if (key) await storage.remove(key).catch(() => undefined);
            throw error;
          }
        } finally {
          await upload.discard();
        }
      },
    }),
  },
  { ownOrigin: true },
);
