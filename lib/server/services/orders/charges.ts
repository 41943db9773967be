/**
 * Extra charges on an order (lib/domain/charges.ts): asked by staff or by the shop's rules after
 * the order was paid, paid by the sender through a pay link e-mailed to them, or marked paid or
 * waived by a manager; and money owed back, recorded refunded by staff. Each change writes a line
 * on the order's timeline. The link's token is shown once (in the e-mail); only its SHA-256 is kept.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orderCharges, staff } from '@/lib/server/db/schema';
import { HttpError, NotFoundError } from '@/lib/server/http/errors';
import { getConfig } from '@/lib/server/config';
import { log } from '@/lib/server/log';
import { enqueueMail, type MailMessage } from '@/lib/server/mail/mailer';
import { chargeMail } from '@/lib/server/mail/templates';
import { errorFields } from '@/lib/server/http/errors';
import { newToken, sha256 } from '@/lib/server/security/tokens';
import { addEvent, type OrderRow } from '@/lib/server/services/orders/rows';
import { orderAmountMinor } from '@/lib/server/payments/provider';
import { CHARGE_KIND_LABELS, CHARGE_MOVES, chargeMoveRefusal, type ChargeKind, type ChargeMove } from '@/lib/domain/charges';
import type { StaffCharge } from '@/lib/contracts/backoffice';
import { minorAmountText, type CurrencyCode } from '@/lib/domain/money';

export type ChargeRow = typeof orderCharges.$inferSelect;

export const CHARGE_NOT_FOUND_MESSAGE = 'This payment link is not valid. Please use the link in your latest e-mail, or contact us.';

/** The stored form of a pay link's token. */
export const hashChargeToken = (token: string): string => sha256(`charge:${token}`);

/** The pay link of a token. */
export function payLink(token: string): string {
  return `${getConfig().siteUrl}/pay/${token}`;
}

/**
 * Asks the sender for `amountMinor` (in the order's currency) for `reason`, in the caller's
 * transaction, with a line on the timeline and the pay link's e-mail written to the mail outbox
 * (sent once the transaction is committed); answers the charge and its link's token.
 */
export async function askCharge(
  tx: Db,
  order: OrderRow,
  charge: { kind: ChargeKind; amountMinor: bigint; reason: string },
  staffId: string | null,
  at: Date,
): Promise<{ charge: ChargeRow; token: string }> {
  const token = newToken();
  const [row] = await tx
    .insert(orderCharges)
    .values({ orderId: order.id, kind: charge.kind, status: 'due', amountMinor: charge.amountMinor, currency: order.currency, reason: charge.reason, tokenHash: hashChargeToken(token), createdBy: staffId, createdAt: at })
    .returning();
  await addEvent(tx, order.id, order.status, `${CHARGE_KIND_LABELS[charge.kind]} of ${minorAmountText(charge.amountMinor, order.currency)} asked: ${charge.reason}`, at);
  const message = chargeMessage(order, row!, token);
  if (message) await enqueueMail(tx, 'charge', message);
  return { charge: row!, token };
}

/**
 * The shop's rule after a failed door delivery: the redelivery needs another delivery fee, the
 * order's own again in its currency, asked by a pay link. None for a collection, a free delivery
 * (a manager can still ask one) or an other-states order (its fee is quoted). Answers what to
 * e-mail once committed, or null.
 */
export async function askRedeliveryFee(tx: Db, order: OrderRow, why: string | undefined, staffId: string | null, at: Date): Promise<{ order: OrderRow; charge: ChargeRow; token: string } | null> {
  if (order.deliveryMethod === 'pick-up' || order.deliveryFeeQuotedByStaff) return null;
  const amountMinor = orderAmountMinor(order.deliveryFeeInCurrency, order.currency);
  if (amountMinor <= 0n) return null;
  const reason = why?.trim() ? `Redelivery after a failed delivery (${why.trim()})` : 'Redelivery after a failed delivery';
  return { order, ...(await askCharge(tx, order, { kind: 'redelivery', amountMinor, reason }, staffId, at)) };
}

/** Records `amountMinor` owed back to the sender for `reason` (a cheaper delivery change), with a timeline line. */
export async function owe(tx: Db, order: OrderRow, charge: { kind: ChargeKind; amountMinor: bigint; reason: string }, staffId: string | null, at: Date): Promise<ChargeRow> {
  const [row] = await tx
    .insert(orderCharges)
    .values({ orderId: order.id, kind: charge.kind, status: 'refund_due', amountMinor: charge.amountMinor, currency: order.currency, reason: charge.reason, createdBy: staffId, createdAt: at })
    .returning();
  await addEvent(tx, order.id, order.status, `Refund due: ${minorAmountText(charge.amountMinor, order.currency)} (${charge.reason})`, at);
  return row!;
}

/** The e-mail with a charge's pay link, or null when the order has no e-mail or it cannot be written (logged). */
function chargeMessage(order: Pick<OrderRow, 'orderNumber' | 'senderEmail' | 'senderName'>, charge: ChargeRow, token: string): MailMessage | null {
  if (!order.senderEmail) return null;
  try {
    const config = getConfig();
    return chargeMail({
      to: order.senderEmail,
      brand: config.brandName,
      senderName: order.senderName,
      orderNumber: order.orderNumber,
      what: CHARGE_KIND_LABELS[charge.kind],
      amount: minorAmountText(charge.amountMinor, charge.currency),
      reason: charge.reason,
      payUrl: payLink(token),
    });
  } catch (error) {
    log().error({ order: order.orderNumber, ...errorFields(error) }, 'could not prepare the charge e-mail');
    return null;
  }
}

/** An order's charges, oldest first. */
export async function chargesOf(db: Db, orderId: string): Promise<ChargeRow[]> {
  return db.select().from(orderCharges).where(eq(orderCharges.orderId, orderId)).orderBy(asc(orderCharges.createdAt), asc(orderCharges.id));
}

/** The charges as staff read them, with who asked. */
export async function staffCharges(db: Db, orderId: string): Promise<StaffCharge[]> {
  const rows = await db
    .select({ charge: orderCharges, askedBy: staff.name })
    .from(orderCharges)
    .leftJoin(staff, eq(staff.id, orderCharges.createdBy))
    .where(eq(orderCharges.orderId, orderId))
    .orderBy(asc(orderCharges.createdAt), asc(orderCharges.id));
  return rows.map(({ charge: c, askedBy }) => ({
    id: c.id,
    kind: c.kind,
    status: c.status,
    amount: minorAmountText(c.amountMinor, c.currency),
    reason: c.reason,
    askedBy: askedBy ?? 'The shop',
    settledWith: c.settledWith ?? '',
    reference: c.reference,
    sandbox: c.sandbox,
    at: c.createdAt.toISOString(),
    settledAt: c.settledAt?.toISOString() ?? null,
  }));
}

/**
 * A manager's move on a charge of the order, in the caller's transaction: mark a due charge paid
 * (a transfer seen on the statement, with its reference), waive it, or record money owed back as
 * refunded (with its reference). 404 for a charge of another order, 409 when its status refuses.
 * Answers the charge and the timeline line written.
 */
export async function moveCharge(tx: Db, order: OrderRow, chargeId: string, move: ChargeMove, details: { reference?: string; note?: string }, at: Date): Promise<{ charge: ChargeRow; line: string }> {
  const [charge] = await tx
    .select()
    .from(orderCharges)
    .where(and(eq(orderCharges.id, chargeId), eq(orderCharges.orderId, order.id)))
    .for('update');
  if (!charge) throw new NotFoundError('There is no such charge on this order');
  const refused = chargeMoveRefusal(charge.status, move);
  if (refused) throw new HttpError(409, refused);
  const to = CHARGE_MOVES[move].to;
  const reference = details.reference?.trim() ?? '';
  const [moved] = await tx
    .update(orderCharges)
    .set({ status: to, settledAt: at, reference, settledWith: move === 'waive' ? 'waived by staff' : 'recorded by staff' })
    .where(eq(orderCharges.id, charge.id))
    .returning();
  const amount = minorAmountText(charge.amountMinor, charge.currency as CurrencyCode);
  const line =
    move === 'mark_paid'
      ? `${CHARGE_KIND_LABELS[charge.kind]} of ${amount} paid (reference ${reference})`
      : move === 'waive'
        ? `${CHARGE_KIND_LABELS[charge.kind]} of ${amount} waived`
        : `Refund of ${amount} recorded (reference ${reference})`;
  const full = [line, details.note?.trim()].filter(Boolean).join(': ');
  await addEvent(tx, order.id, order.status, full, at);
  return { charge: moved!, line: full };
}

/** The charge a pay link's token opens, or 404 (an unknown or malformed token reads the same). */
export async function chargeByToken(db: Db, token: string, lock = false): Promise<ChargeRow> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new NotFoundError(CHARGE_NOT_FOUND_MESSAGE);
  const query = db.select().from(orderCharges).where(eq(orderCharges.tokenHash, hashChargeToken(token)));
  const [charge] = lock ? await query.for('update') : await query;
  if (!charge) throw new NotFoundError(CHARGE_NOT_FOUND_MESSAGE);
  return charge;
}
