import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { recipientBody } from '@/lib/contracts/account';
import { now } from '@/lib/server/security/clock';
import { requireUser } from '@/lib/server/services/accounts/auth';
import { addRecipient, savedRecipients } from '@/lib/server/services/orders/recipients';

export const config = { api: { bodyParser: false } };

const headers = { 'Cache-Control': 'private, no-store' };

/** The address book: the saved recipients (most recently saved first), and adding one. */
export default route({
  GET: endpoint({
    query: businessQuery,
    handle: async ({ db, req }) => {
      const { user } = await requireUser(db, req, now());
      return { data: await savedRecipients(db, user.id), headers };
    },
  }),
  POST: endpoint({
    query: businessQuery,
    body: recipientBody,
    handle: async ({ db, req, body }) => {
      const at = now();
      const { user } = await requireUser(db, req, at);
      return { data: await addRecipient(db, user.id, body, at), status: 201, message: 'Recipient saved', headers };
    },
  }),
});
