/**
 * Deleting an account (POST /v1/regal/account/delete; lib/contracts/account.ts has the rules).
 *
 * Who may: the password change's rule, reused (`confirmIdentity`/`recheckIdentity` in auth.ts):
 * the current password, or a token from a one-time password entered in the last 15 minutes;
 * the same 403s, and a wrong password counted like a failed login.
 *
 * When: not while an order of the account still needs its sender (409
 * `ORDERS_IN_PROGRESS_MESSAGE`): paid and not yet delivered (paid, preparing, out for
 * delivery); and, beyond the contract's words, an open order whose money is on its way or partly
 * received (awaiting confirmation, part paid), since staff confirming it would send it out with
 * no recipient to deliver to. A cancelled order waiting for its refund does not stop it: a card
 * refund goes back to the card without the sender's details.
 *
 * What, in one transaction (nothing is written when any step fails):
 * - every order of the account (`user_id`, checked out or not) keeps its number, items, amounts,
 *   dates, states, state and zone for the shop's books; the people in it go: sender name →
 *   `ANONYMISED_NAME`, sender e-mail and phone '', recipient name → `ANONYMISED_NAME`, recipient
 *   phones, address and residence type '', card message, purpose, the shopper's notes, the
 *   delivery instruction and who received it (`delivered_to`) ''. A name column that was empty
 *   (a pick-up without a recipient) stays empty;
 * - the timeline lines of those orders that name the sender, the recipient or who received it
 *   ('Delivered to Ngozi Eze') get `ANONYMISED_NAME` in place of the name. The audit trails
 *   (`order_audit`, `content_audit`) are not touched: their rows are immutable by design, and
 *   staff's internal order notes are the shop's own;
 * - the delivery photos of those orders are let go (the column cleared; the files removed after
 *   the commit): a photo shows the recipient or their door, and with the sender gone nobody
 *   needs it as proof of delivery any more;
 * - their reviews are signed 'A customer' (rating and comment stay on the product pages);
 * - the account row is deleted, and with it (foreign keys, ON DELETE CASCADE) its saved
 *   recipients, server cart, one-time password and tokens; the orders' `user_id` becomes null.
 * Guest orders placed with the e-mail but never attached to the account are not touched: nobody
 * proved they were this account's. An anonymised order keeps no e-mail, so a new account for the
 * same address never sees it.
 * The confirmation e-mail is written to the mail outbox in the same transaction, as every mail is.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orders, reviews, users } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { errorFields, HttpError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import { enqueueMail } from '@/lib/server/mail/mailer';
import { accountDeletedMail } from '@/lib/server/mail/templates';
import { isMediaKey, mediaStorage } from '@/lib/server/media/storage';
import { confirmIdentity, recheckIdentity, type RequestContext, type Session } from '@/lib/server/services/accounts/auth';
import { ANONYMISED_NAME, ORDERS_IN_PROGRESS_MESSAGE } from '@/lib/contracts/account';
import type { OrderStatus, PaymentState } from '@/lib/domain/order-lifecycle';

/** The name a deleted account's reviews are signed with (as a review without a sender name is). */
export const ANONYMOUS_REVIEWER = 'A customer';

/** Paid and not yet delivered: the shop still needs the sender. */
const ON_ITS_WAY: OrderStatus[] = ['paid', 'preparing', 'out_for_delivery'];
/** Still open, with money said to be sent or partly received: it may yet go ahead. */
const OPEN: OrderStatus[] = ['created', 'awaiting_payment'];
const MONEY_COMING: PaymentState[] = ['awaiting_confirmation', 'part_paid'];

/** `text` with `name` replaced by `ANONYMISED_NAME`, for names of two characters or more (a shorter one would mangle other words). */
const scrub = (text: ReturnType<typeof sql>, name: string) =>
  sql`case when length(${sql.raw(name)}) >= 2 then replace(${text}, ${sql.raw(name)}, ${ANONYMISED_NAME}) else ${text} end`;

/** A name column anonymised: `ANONYMISED_NAME`, or '' when it held none. */
const anonymisedName = (column: typeof orders.senderName | typeof orders.recipientName) =>
  sql`case when ${column} = '' then '' else ${ANONYMISED_NAME} end`;

/** Deletes the account of the session; see the header. Answers the e-mail it had. */
export async function deleteAccount(
  db: Db,
  session: Session,
  body: { currentPassword?: string },
  ctx: RequestContext,
): Promise<{ deleted: true; email: string }> {
  const { user } = session;
  await confirmIdentity(db, session, body.currentPassword, ctx);

  const { photos } = await db.transaction(async (tx) => {
    // The orders first, then the token and account rows (recheckIdentity): the order in which a
    // checkout takes them (its order, then the account it saves an address to).
    const owned = await tx
      .select({ id: orders.id, status: orders.status, paymentState: orders.paymentState, deliveryPhoto: orders.deliveryPhoto, checkedOutAt: orders.checkedOutAt })
      .from(orders)
      .where(eq(orders.userId, user.id))
      .orderBy(orders.id)
      .for('update');
    await recheckIdentity(tx, session, ctx);
    const busy = owned.some((o) => ON_ITS_WAY.includes(o.status) || (OPEN.includes(o.status) && MONEY_COMING.includes(o.paymentState)));
    if (busy) throw new HttpError(409, ORDERS_IN_PROGRESS_MESSAGE);

    if (owned.length > 0) {
      // Timeline lines naming the people, while the orders still hold the names.
      const note = scrub(scrub(scrub(sql.raw('order_events.note'), 'orders.delivered_to'), 'orders.recipient_name'), 'orders.sender_name');
      await tx.execute(sql`update order_events set note = ${note} from orders where orders.id = order_events.order_id and orders.user_id = ${user.id} and order_events.note <> ''`);
      await tx.update(reviews).set({ authorName: ANONYMOUS_REVIEWER }).where(inArray(
          reviews.orderId,
          owned.map((o) => o.id),
        ));
      await tx
        .update(orders)
        .set({
          senderName: anonymisedName(orders.senderName),
          senderEmail: '',
          senderPhone: '',
          recipientName: anonymisedName(orders.recipientName),
          recipientPhone: '',
          recipientAltPhone: '',
          recipientAddress: '',
          residenceType: '',
          deliveryMessage: '',
          purpose: '',
          adminNotes: '',
          deliveryInstruction: '',
          deliveredTo: '',
          deliveryPhoto: null,
          updatedAt: ctx.now,
        })
        .where(eq(orders.userId, user.id));
    }
    // Recipients, cart, code and tokens go with the row (ON DELETE CASCADE); orders keep a null user.
    await tx.delete(users).where(eq(users.id, user.id));
    const ordersKept = owned.filter((o) => o.checkedOutAt).length;
    await enqueueMail(tx, 'account-deleted', accountDeletedMail({ to: user.email, brand: getConfig().brandName, ordersKept }));
    return { photos: owned.flatMap((o) => (o.deliveryPhoto && isMediaKey(o.deliveryPhoto, 'deliveries') ? [o.deliveryPhoto] : [])) };
  });

  await removePhotos(photos);
  return { deleted: true, email: user.email };
}

/** Removes the let-go delivery photos' files; a failure is logged (class only) and leaves a file nobody links to. */
async function removePhotos(keys: string[]): Promise<void> {
  const storage = mediaStorage();
  for (const key of keys) {
    try {
      await storage.remove(key);
    } catch (error) {
      log().error({ area: 'accounts', ...errorFields(error) }, 'could not remove a delivery photo of a deleted account');
    }
  }
}
