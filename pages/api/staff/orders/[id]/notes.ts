import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { orderNoteBody } from '@/lib/contracts/backoffice';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { addStaffNote } from '@/lib/server/services/backoffice/staff-order';

export const config = { api: { bodyParser: false } };

/** POST /admin/api/orders/{id}/notes {text}: an internal note by the signed-in member (404 outside their branch). */
export default route(
  {
    POST: endpoint({
      authorize: authorizeStaff(),
      query: z.object({ id: z.string().max(100) }),
      body: orderNoteBody,
      handle: async ({ db, req, query, body }) => {
        const result = await addStaffNote(db, query.id, body.text, signedInStaff(req), now());
        return { data: result, status: 201, message: 'Note added' };
      },
    }),
  },
  { ownOrigin: true },
);
