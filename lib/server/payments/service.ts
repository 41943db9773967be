/**
 * The payments core: starting a payment for an order, and settling it from what the provider
 * itself says, whether the shopper comes back (verify) or the provider calls (webhook).
 *
 * - start: the order's own method, which must serve its currency; a card method gets a new
 *   attempt (its own reference, the order's total in the currency's minor unit) written before
 *   the provider is called, and the provider's hosted page; a manual method gets its transfer
 *   instructions. A provider that fails marks the attempt failed and answers 502; the order is
 *   untouched and the shopper may start again (a new attempt).
 * - settle: the provider is always asked (a return query or a webhook body never pays on its
 *   own); in one transaction that locks the order then the attempt, a success that confirms the
 *   attempt's reference, currency and at least its amount marks the attempt succeeded and the
 *   order paid (once: a replayed, late or concurrent confirmation finds it succeeded, and the
 *   one-success-per-order index backs that up); one that paid more than the order now costs (a
 *   coupon lowered it after the attempt started) pays it and records 'refund due: … overpaid';
 *   a confirmation that does not match is recorded as a mismatch and the order stays unpaid.
 *   Amounts are bigint minor units throughout. An attempt started against the built-in sandbox
 *   is marked `sandbox`, and the order it pays reads as a TEST PAYMENT. The transaction that pays
 *   an order writes the sender's confirmation e-mail to the mail outbox.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { and, eq, isNull } from 'drizzle-orm';
import type { PaymentOutcome, PaymentStart } from '@/lib/contracts/payments';
import type { Order } from '@/lib/contracts/orders';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { paymentAttempts } from '@/lib/server/db/schema';
import { BadRequestError, HttpError, NotFoundError } from '@/lib/server/http/errors';
import { queuePaidConfirmation } from '@/lib/server/payments/confirmation';
import { countPayment } from '@/lib/server/metrics';
import { verifyChargeAttempt } from '@/lib/server/payments/charges';
import { isManualMethod, manualInstructions } from '@/lib/server/payments/manual';
import { newReference, orderAmountMinor, type AttemptRef, type CardMethodKey, type Verification } from '@/lib/server/payments/provider';
import { isCardMethod, providerFor, providerLabel, usesSandbox } from '@/lib/server/payments/providers';
import { addEvent, loadOrder, readOrder, recheckOrderBeforePayment, type OrderRow } from '@/lib/server/services/orders/store';
import { transition } from '@/lib/server/services/orders/lifecycle';
import { lifecycleState } from '@/lib/server/services/orders/rows';
import { readCart, saveCart } from '@/lib/server/services/accounts/records';
import { readShopDetails } from '@/lib/server/services/settings';
import { takeSlot } from '@/lib/server/services/capacity';
import { methodAllows } from '@/lib/domain/checkout';
import { isPaid, paymentRefusal, TEST_PAYMENT_MARK, type Actor } from '@/lib/domain/order-lifecycle';
import { formatMinor, type CurrencyCode } from '@/lib/domain/money';

type AttemptRow = typeof paymentAttempts.$inferSelect;

export const CHOOSE_METHOD_MESSAGE = 'Please choose how to pay first';
export const ATTEMPT_NOT_FOUND_MESSAGE = 'There is no payment with this reference for this order';
export const PAID_MESSAGE = 'Payment received';
export const PENDING_MESSAGE = 'We are still waiting for the provider to confirm your payment';
export const AWAITING_TRANSFER_MESSAGE = 'We are waiting to see your transfer; we will confirm your order once it arrives';
export const NOT_THROUGH = 'The payment did not go through';

function assertPayable(order: OrderRow): void {
  const refused = paymentRefusal(lifecycleState(order));
  if (refused) throw new HttpError(409, refused);
}

function checkoutUrl(orderId: string, provider: string, reference: string, cancelled = false): string {
  const query = new URLSearchParams({ orderId, payment: provider, reference, ...(cancelled && { cancelled: '1' }) });
  return `${getConfig().siteUrl}/checkout?${query.toString()}`;
}

/** What went wrong with a provider call, for the attempt's note (never a secret: providers scrub). */
function failureNote(error: unknown): string {
  if (error instanceof HttpError) {
    const detail = (error as HttpError & { detail?: unknown }).detail;
    return (typeof detail === 'string' && detail ? detail : error.message).slice(0, 500);
  }
  return 'Unexpected error while starting the payment';
}

/**
 * Starts paying an order with its chosen method: 404 unknown order, 409 paid or closed, 400 no
 * method / a method that does not serve the currency / no sender e-mail / nothing to pay / a
 * provider that is not available, 502 when the provider fails (the attempt is marked failed).
 */
export async function startPayment(db: Db, orderId: string, at: Date): Promise<PaymentStart> {
  // A coupon that lapsed (expired, used up by others after its 30-minute hold) is never paid for
  // at its discount: it is taken off (committed) and the shopper chooses again with the new total.
  const changed = await recheckOrderBeforePayment(db, orderId, at);
  if (changed) throw new HttpError(409, changed);
  const prepared = await db.transaction(async (tx) => {
    const order = await loadOrder(tx, orderId, true);
    assertPayable(order);
    // Paying takes the day's place again: an unpaid order's hold may have lapsed and the day filled.
    if (order.deliveryDate && order.checkedOutAt) await takeSlot(tx, order, order.deliveryDate, at);
    const method = order.paymentMethod;
    if (!method) throw new BadRequestError(CHOOSE_METHOD_MESSAGE);
    const currency = order.currency as CurrencyCode;
    if (!methodAllows(method, currency)) throw new BadRequestError(`${providerLabel(method)} is not available in ${currency}; please choose another way to pay`);
    if (!order.senderEmail) throw new BadRequestError('senderEmail is required before payment');
    // The account or address as the back office last saved it (shop details), read with the order.
    if (isManualMethod(method)) return { kind: 'manual' as const, instructions: manualInstructions(order, method, (await readShopDetails(tx)).details.payment) };
    if (!isCardMethod(method)) throw new BadRequestError(CHOOSE_METHOD_MESSAGE);
    const amountMinor = orderAmountMinor(order.totalInCurrency, currency);
    if (amountMinor <= 0n) throw new BadRequestError('There is nothing to pay on this order');
    const provider = providerFor(method); // 400 when the method is not available here
    // Against the built-in sandbox no money moves: the attempt says so, and so does a payment it makes.
    const sandbox = usesSandbox(method);
    const reference = newReference(order.orderNumber);
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({ orderId, provider: method, reference, amountMinor, currency, sandbox, status: 'started', createdAt: at, updatedAt: at })
      .returning();
    return { kind: 'card' as const, order, provider, attempt: attempt! };
  });
  if (prepared.kind === 'manual') return { kind: 'manual', instructions: prepared.instructions };

  const { order, provider, attempt } = prepared;
  try {
    const started = await provider.start({
      reference: attempt.reference,
      orderId,
      orderNumber: order.orderNumber,
      amountMinor: attempt.amountMinor,
      currency: attempt.currency,
      customer: { email: order.senderEmail, name: order.senderName, phone: order.senderPhone },
      callbackUrl: checkoutUrl(orderId, provider.key, attempt.reference),
      cancelUrl: checkoutUrl(orderId, provider.key, attempt.reference, true),
    });
    if (started.providerTransactionId) {
      await db.update(paymentAttempts).set({ providerTransactionId: started.providerTransactionId, updatedAt: at }).where(eq(paymentAttempts.id, attempt.id));
    }
    countPayment(provider.key, 'started');
    return { kind: 'redirect', provider: provider.key, reference: attempt.reference, redirectUrl: started.redirectUrl };
  } catch (error) {
    countPayment(provider.key, 'start_failed');
    await db.update(paymentAttempts).set({ status: 'failed', note: failureNote(error), updatedAt: at }).where(eq(paymentAttempts.id, attempt.id));
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Settling

/** How a settlement ended, for the shopper's message. */
type Settled = { order: Order; newlyPaid: boolean; state: 'paid' | 'pending' | 'failed'; reason?: string };

/** Why a confirmed payment does not pay the attempt, or null when it does. */
function mismatch(attempt: AttemptRow, v: Verification): string | null {
  if (v.reference !== attempt.reference) return `The provider confirmed reference ${v.reference.slice(0, 100)}, not ${attempt.reference}`;
  if (v.currency !== attempt.currency || !(v.amountMinor >= attempt.amountMinor)) {
    return `Paid ${formatMinor(v.amountMinor, v.currency.slice(0, 8))} of ${formatMinor(attempt.amountMinor, attempt.currency)}`;
  }
  return null;
}

/**
 * Why an attempt no longer covers its order (the order's currency or total changed after it
 * started, e.g. the cart grew in another tab), or null when it still does.
 */
function staleAttempt(order: { currency: string; totalInCurrency: number }, attempt: AttemptRow): string | null {
  const due = orderAmountMinor(order.totalInCurrency, order.currency as CurrencyCode);
  if (order.currency !== attempt.currency || attempt.amountMinor < due) {
    return `the order changed after this payment started (now ${formatMinor(due, order.currency)}, asked ${formatMinor(attempt.amountMinor, attempt.currency)})`;
  }
  return null;
}

/**
 * What a confirmed payment paid beyond the order's current total, in the order's currency (an
 * attempt started before a coupon lowered the total, or a provider that took more than asked),
 * as the refund note; null when it paid the total exactly. Only called once the currencies match.
 */
function overpaid(order: { currency: string; totalInCurrency: number }, v: Verification): string | null {
  const due = orderAmountMinor(order.totalInCurrency, order.currency as CurrencyCode);
  if (v.amountMinor <= due) return null;
  return `refund due: ${formatMinor(v.amountMinor - due, order.currency)} overpaid (paid ${formatMinor(v.amountMinor, order.currency)} for ${formatMinor(due, order.currency)})`;
}

/**
 * A logged-in shopper's saved cart loses what they just paid for, so that a payment confirmed
 * while the browser was closed (a webhook) does not bring the bought items back at the next login.
 */
async function forgetPaidItems(tx: Db, userId: string, order: Order, at: Date): Promise<void> {
  const bought = new Set(order.orderProducts.map((p) => p.SKU));
  const saved = await readCart(tx, userId);
  const left = saved.filter((item) => !bought.has(item.SKU));
  if (left.length !== saved.length) await saveCart(tx, userId, left, at);
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return typeof code === 'string' ? code : errorCode(cause);
}

/**
 * Marks an attempt succeeded inside a savepoint; false when the order already has a succeeded
 * attempt (the one-success-per-order index refused it), which leaves the transaction usable.
 */
async function markSucceeded(tx: Db, attempt: AttemptRow, v: Verification, note: string, at: Date): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      await sp
        .update(paymentAttempts)
        .set({ status: 'succeeded', note: note.slice(0, 500), providerTransactionId: v.providerTransactionId ?? attempt.providerTransactionId, updatedAt: at })
        .where(eq(paymentAttempts.id, attempt.id));
    });
    return true;
  } catch (error) {
    if (errorCode(error) === '23505') return false;
    throw error;
  }
}

/** Applies the provider's verification to an attempt in one transaction (see the header). */
async function settle(db: Db, attemptId: string, orderId: string, v: Verification, actor: Actor, at: Date): Promise<Settled> {
  return db.transaction(async (tx): Promise<Settled> => {
    // Always the order first, then the attempt: every settlement locks in the same order.
    const order = await loadOrder(tx, orderId, true);
    const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)).for('update');
    if (!attempt) throw new NotFoundError(ATTEMPT_NOT_FOUND_MESSAGE);
    const answer = async (rest: Omit<Settled, 'order'>): Promise<Settled> => ({ order: await readOrder(tx, orderId), ...rest });
    const record = (status: string, note: string) =>
      tx
        .update(paymentAttempts)
        .set({ status, note: note.slice(0, 500), ...(v.providerTransactionId && { providerTransactionId: v.providerTransactionId }), updatedAt: at })
        .where(eq(paymentAttempts.id, attempt.id));

    if (attempt.status === 'succeeded') return answer({ newlyPaid: false, state: 'paid' });
    const paidBefore = isPaid(lifecycleState(order));
    if (v.status === 'pending') return answer({ newlyPaid: false, state: paidBefore ? 'paid' : 'pending' });
    if (v.status === 'failed' || v.status === 'cancelled') {
      if (attempt.status !== 'mismatch') await record(v.status, v.detail ?? '');
      const reason = v.status === 'cancelled' ? 'it was cancelled' : v.detail || 'it was declined';
      return answer({ newlyPaid: false, state: paidBefore ? 'paid' : 'failed', reason });
    }

    const problem = mismatch(attempt, v);
    if (problem) {
      if (attempt.status !== 'mismatch') {
        await record('mismatch', problem);
        await addEvent(tx, orderId, order.status, `Payment not accepted (${attempt.reference}): ${problem}`, at);
      }
      return answer({ newlyPaid: false, state: 'failed', reason: 'the amount or currency paid does not match your order; please contact us quoting your order number' });
    }

    const label = providerLabel(attempt.provider);
    /** Records money that cannot pay the order (once per attempt, however often it is replayed). */
    const refundDue = async (note: string) => {
      if (attempt.status === 'mismatch') return;
      await record('mismatch', note);
      const line = `Payment ${attempt.reference}: ${note}`;
      // Real money for an order cancelled unpaid: the order itself is now due a refund, which staff
      // can record. Otherwise (a second payment, a stale attempt) the attempt carries the refund due.
      if (order.status === 'cancelled' && order.paymentState === 'unpaid' && !attempt.sandbox) {
        await transition(tx, orderId, { type: 'late_payment', method: attempt.provider, note: line }, actor, at);
      } else {
        await addEvent(tx, orderId, order.status, line, at);
      }
    };
    if (paidBefore) {
      // Paid already (another attempt, or staff confirmed a transfer): a second payment for one order.
      await refundDue('paid while the order was already paid: refund due');
      return answer({ newlyPaid: false, state: 'paid' });
    }
    if (paymentRefusal(lifecycleState(order))) {
      await refundDue(`paid after the order was ${order.status}: refund due`);
      return answer({ newlyPaid: false, state: 'failed', reason: `this order was ${order.status}; please contact us for a refund` });
    }
    const changed = staleAttempt(order, attempt);
    if (changed) {
      await refundDue(`${changed}: refund due`);
      return answer({ newlyPaid: false, state: 'failed', reason: 'your order changed after this payment started; we will refund it, please pay the new total' });
    }
    // More than the order now costs (a coupon lowered it after the attempt started): paid, and
    // the difference recorded as due back, like the other refunds (once: a replay finds it succeeded).
    const excess = overpaid(order, v);
    if (!(await markSucceeded(tx, attempt, v, excess ?? v.detail ?? '', at))) return answer({ newlyPaid: false, state: 'paid' });
    const testNote = attempt.sandbox ? ` (${TEST_PAYMENT_MARK})` : '';
    const note = `Paid with ${label}, reference ${attempt.reference}${testNote}`;
    await transition(tx, orderId, { type: 'payment_confirmed', method: attempt.provider, test: attempt.sandbox, coversTotal: true, note }, actor, at);
    // Listed after the paid line.
    if (excess) await addEvent(tx, orderId, 'paid', `Payment ${attempt.reference}: ${excess}`, new Date(at.getTime() + 1));
    const paid = await readOrder(tx, orderId);
    if (order.userId) await forgetPaidItems(tx, order.userId, paid, at);
    await queuePaidConfirmation(tx, paid);
    return { order: paid, newlyPaid: true, state: 'paid' };
  });
}

function outcomeOf(settled: Settled): PaymentOutcome {
  const { order } = settled;
  if (settled.state === 'paid' || isPaid({ payment: order.paymentState })) return { outcome: 'paid', message: PAID_MESSAGE, order };
  if (settled.state === 'pending') return { outcome: 'pending', message: PENDING_MESSAGE, order };
  return { outcome: 'failed', message: `${NOT_THROUGH}: ${settled.reason ?? 'it was declined'}`, order };
}

/** Asks the provider about an attempt and settles it (a newly paid order's e-mail goes with the settlement). */
async function verifyAttempt(db: Db, attempt: AttemptRow, returnQuery: Record<string, string>, actor: Actor, at: Date, providerTransactionId?: string): Promise<PaymentOutcome> {
  if (attempt.status === 'succeeded') return outcomeOf({ order: await readOrder(db, attempt.orderId), newlyPaid: false, state: 'paid' });
  const provider = providerFor(attempt.provider as CardMethodKey);
  if (provider.key === 'payPal') {
    // PayPal's verify captures the money: never capture for an order this attempt can no longer pay.
    const order = await loadOrder(db, attempt.orderId);
    const blocked = isPaid(lifecycleState(order))
      ? 'the order is already paid'
      : paymentRefusal(lifecycleState(order))
        ? `the order is ${order.status}`
        : staleAttempt(order, attempt);
    if (blocked) {
      const settled = await settle(db, attempt.id, attempt.orderId, { status: 'cancelled', reference: attempt.reference, currency: attempt.currency, amountMinor: 0n, detail: `not captured: ${blocked}` }, actor, at);
      return outcomeOf({ ...settled, reason: `this payment was not taken because ${blocked}` });
    }
  }
  const ref: AttemptRef = {
    reference: attempt.reference,
    // A webhook names the transaction it is about: it wins over one stored earlier (a declined try).
    providerTransactionId: providerTransactionId ?? attempt.providerTransactionId ?? null,
    amountMinor: attempt.amountMinor,
    currency: attempt.currency,
  };
  const verification = await provider.verify(ref, returnQuery);
  const settled = await settle(db, attempt.id, attempt.orderId, verification, actor, at);
  // A newly paid order is counted where its confirmation is written (payments/confirmation.ts).
  if (!settled.newlyPaid && settled.state !== 'paid') countPayment(attempt.provider, settled.state);
  return outcomeOf(settled);
}

/**
 * The shopper is back from the provider: 404 unknown order or reference; otherwise the provider
 * is asked and the attempt settled. The return query only helps the provider find its
 * transaction; it never pays on its own.
 */
export async function verifyPayment(db: Db, orderId: string, reference: string, returnQuery: Record<string, string>, at: Date): Promise<PaymentOutcome> {
  const order = await loadOrder(db, orderId);
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.reference, reference), isNull(paymentAttempts.chargeId)));
  if (!attempt) throw new NotFoundError(ATTEMPT_NOT_FOUND_MESSAGE);
  if (!isCardMethod(attempt.provider)) {
    // A transfer the shopper says was sent: staff confirm it.
    const current = await readOrder(db, orderId);
    return isPaid({ payment: current.paymentState })
      ? { outcome: 'paid', message: PAID_MESSAGE, order: current }
      : { outcome: 'pending', message: AWAITING_TRANSFER_MESSAGE, order: current };
  }
  return verifyAttempt(db, attempt, returnQuery, { kind: 'shopper' }, at);
}

export type WebhookResult = { handled: boolean; outcome?: PaymentOutcome['outcome'] };

/**
 * A provider's webhook: 404 unknown provider, 401 bad or missing signature (nothing changes);
 * an event the shop does not act on or an unknown reference answers 200 (providers retry
 * anything else); otherwise the provider is asked again (the body's figures are not trusted)
 * and the attempt settled like a verify.
 */
export async function receiveWebhook(db: Db, key: string, rawBody: Buffer, headers: IncomingHttpHeaders, at: Date): Promise<{ data: WebhookResult; message: string }> {
  if (!isCardMethod(key)) throw new NotFoundError(`There is no payment provider "${key.slice(0, 40)}"`);
  const notice = await providerFor(key).readWebhook(rawBody, headers);
  if (!notice) return { data: { handled: false }, message: 'Event ignored' };
  const byReference = notice.reference
    ? await db.select().from(paymentAttempts).where(and(eq(paymentAttempts.provider, key), eq(paymentAttempts.reference, notice.reference)))
    : [];
  const byTransaction =
    byReference.length === 0 && notice.providerTransactionId
      ? await db.select().from(paymentAttempts).where(and(eq(paymentAttempts.provider, key), eq(paymentAttempts.providerTransactionId, notice.providerTransactionId)))
      : [];
  const attempt = byReference[0] ?? byTransaction[0];
  if (!attempt) return { data: { handled: false }, message: 'Unknown payment reference; nothing to do' };
  if (attempt.chargeId) {
    // An extra charge's payment (a pay link): settled against the charge, never the order's total.
    const paid = await verifyChargeAttempt(db, attempt, {}, at, notice.providerTransactionId);
    return { data: { handled: true, outcome: paid.outcome }, message: paid.message };
  }
  const outcome = await verifyAttempt(db, attempt, {}, { kind: 'provider', provider: key }, at, notice.providerTransactionId);
  return { data: { handled: true, outcome: outcome.outcome }, message: outcome.message };
}
