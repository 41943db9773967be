/**
 * Unfinished payments (issue 18): an order whose sender gave an e-mail, reached the payment
 * stage and stayed unpaid for an hour gets one e-mail with a link back to its payment stage and
 * the branch's WhatsApp for help. Never a second one for the same order (`recovery_mailed_at` is
 * set in the transaction that writes the mail), never once it is paid, cancelled, waiting for the
 * shop's delivery quote, or its delivery day has passed, and never to an address that said no
 * (lib/server/mail/opt-out.ts: 'recovery' or 'all'). An order paid after its e-mail counts as
 * recovered: the back office shows both (the board's row and the order page).
 *
 * `sendRecoveryMails(db, now)` is the scheduled job's work (lib/server/jobs/background.ts,
 * every 5 minutes); `now` is the clock, injected by tests.
 */
import { and, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { mailOptOuts, orders } from '@/lib/server/db/schema';
import { errorFields } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import { enqueueMail } from '@/lib/server/mail/mailer';
import { optOutHeaders, optOutLinks, optOutToken } from '@/lib/server/mail/opt-out';
import { checkoutRecoveryMail } from '@/lib/server/mail/templates';
import { readShopDetails } from '@/lib/server/services/settings';
import { readOrder } from '@/lib/server/services/orders/store';
import { deliveryText, totalText } from '@/lib/server/payments/confirmation';
import { branchKeyFor, whatsAppLink } from '@/lib/domain/order-branch';
import { shopDay } from '@/lib/domain/dates';

/** How long an order waits at the payment stage before its one e-mail. */
export const RECOVERY_AFTER_MINUTES = 60;
/** At most this many e-mails per run (the next run, 5 minutes later, takes the rest). */
const BATCH = 100;

/** The payment stage of an order: where the e-mail's button leads. */
export function paymentStageUrl(orderId: string): string {
  return `${getConfig().siteUrl}/checkout?orderId=${encodeURIComponent(orderId)}&stage=payment`;
}

/** The conditions of an order that may get the e-mail at `now` (the row is checked again under its lock). */
function dueCondition(now: Date) {
  const waitedSince = new Date(now.getTime() - RECOVERY_AFTER_MINUTES * 60_000);
  return and(
    isNull(orders.recoveryMailedAt),
    eq(orders.paymentState, 'unpaid'),
    inArray(orders.status, ['created', 'awaiting_payment']),
    lte(orders.checkedOutAt, waitedSince),
    ne(orders.senderEmail, ''),
    eq(orders.deliveryFeeQuotedByStaff, false),
    or(isNull(orders.deliveryDate), gte(orders.deliveryDate, shopDay(now))),
    // Not to an address that said no (lib/server/mail/opt-out.ts).
    sql`NOT EXISTS (SELECT 1 FROM ${mailOptOuts} WHERE ${mailOptOuts.email} = ${orders.senderEmail} AND ${mailOptOuts.topic} IN ('recovery', 'all'))`,
  );
}

/**
 * Writes the e-mail of one order if it is still due at `now`, in one transaction with the mark
 * that it went: answers whether it did.
 */
export async function sendRecoveryMail(db: Db, orderId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: orders.id, email: orders.senderEmail })
      .from(orders)
      .where(and(eq(orders.id, orderId), dueCondition(now)))
      .for('update');
    if (!due) return false;
    await tx.update(orders).set({ recoveryMailedAt: now }).where(eq(orders.id, orderId));
    const order = await readOrder(tx, orderId);
    const { details } = await readShopDetails(tx);
    const whatsapp = details.branches[branchKeyFor(order)].whatsapp;
    const token = await optOutToken(tx, due.email, 'recovery');
    const config = getConfig();
    await enqueueMail(
      tx,
      'checkout-recovery',
      checkoutRecoveryMail({
        to: due.email,
        brand: config.brandName,
        senderName: order.client.name,
        orderNumber: order.orderNumber,
        items: order.orderProducts.map((p) => `${p.quantity} × ${p.name}${p.size ? ` (${p.size})` : ''}`),
        totalText: totalText(order),
        deliveryText: deliveryText(order),
        payUrl: paymentStageUrl(orderId),
        whatsapp: { number: whatsapp, url: whatsAppLink(whatsapp, order.orderNumber) },
        unsubscribeUrl: optOutLinks(token).page,
        headers: optOutHeaders(token),
      }),
    );
    return true;
  });
}

/** The scheduled run: every order due at `now` gets its e-mail (one failure is logged and left for the next run). */
export async function sendRecoveryMails(db: Db, now: Date): Promise<{ sent: number; skipped: number }> {
  const due = await db.select({ id: orders.id }).from(orders).where(dueCondition(now)).orderBy(orders.checkedOutAt).limit(BATCH);
  let sent = 0;
  for (const { id } of due) {
    try {
      if (await sendRecoveryMail(db, id, now)) sent++;
    } catch (error) {
      log().error({ area: 'recovery', order: id, ...errorFields(error) }, 'could not write the unfinished-payment e-mail');
    }
  }
  return { sent, skipped: due.length - sent };
}
