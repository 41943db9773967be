import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { recipientBody } from '@/lib/contracts/account';
import { singleLine } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { requireUser } from '@/lib/server/services/accounts/auth';
import { deleteRecipient, updateRecipient } from '@/lib/server/services/orders/recipients';

export const config = { api: { bodyParser: false } };

// Any id is accepted here: one that is not the shopper's is a 404.
const query = businessQuery.extend({ id: singleLine(100) });
const headers = { 'Cache-Control': 'private, no-store' };

/** One address book entry: replaced whole (and moved to the top), or deleted. */
export default route({
  PUT: endpoint({
    query,
    body: recipientBody,
    handle: async ({ db, req, query, body }) => {
      const at = now();
      const { user } = await requireUser(db, req, at);
      return { data: await updateRecipient(db, user.id, query.id, body, at), message: 'Recipient saved', headers };
    },
  }),
  DELETE: endpoint({
    query,
    handle: async ({ db, req, query }) => {
      const { user } = await requireUser(db, req, now());
      return { data: await deleteRecipient(db, user.id, query.id), message: 'Recipient deleted', headers };
    },
  }),
});
