/**
 * Paying an extra charge through its pay link (/pay/{token}): the same card providers as the
 * checkout, each payment an attempt of its own tied to the charge (`payment_attempts.charge_id`),
 * settled only from what the provider itself says (the shopper's return or its webhook), once:
 * the attempt and the charge are locked, a confirmation that covers the charge in its currency
 * marks both paid and writes a timeline line; a short or foreign one is a mismatch; money for a
 * charge that was already paid or waived is recorded on the attempt as due back.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orderCharges, paymentAttempts } from '@/lib/server/db/schema';
import { BadRequestError, HttpError, NotFoundError } from '@/lib/server/http/errors';
import { getConfig } from '@/lib/server/config';
import { newReference, type Verification } from '@/lib/server/payments/provider';
import { isCardMethod, providerFor, providerLabel, usesSandbox } from '@/lib/server/payments/providers';
import { addEvent, loadOrder } from '@/lib/server/services/orders/rows';
import { chargeByToken, type ChargeRow } from '@/lib/server/services/orders/charges';
import { CHARGE_KIND_LABELS } from '@/lib/domain/charges';
import { methodAllows, PAYMENT_METHODS } from '@/lib/domain/checkout';
import { TEST_PAYMENT_MARK } from '@/lib/domain/order-lifecycle';
import type { ChargeOutcome, ChargeView } from '@/lib/contracts/charges';
import { minorAmountText, type CurrencyCode } from '@/lib/domain/money';

type AttemptRow = typeof paymentAttempts.$inferSelect;

/** The card methods that can take a charge in its currency. */
function cardMethodsFor(currency: string): string[] {
  return PAYMENT_METHODS.filter((m) => m.kind === 'card' && methodAllows(m.key, currency as CurrencyCode)).map((m) => m.key);
}

/** What the pay link shows: the order, what is asked and why, its status, the ways to pay it. */
export async function chargeView(db: Db, token: string): Promise<ChargeView> {
  const charge = await chargeByToken(db, token);
  const order = await loadOrder(db, charge.orderId);
  return {
    orderNumber: order.orderNumber,
    kind: charge.kind,
    what: CHARGE_KIND_LABELS[charge.kind],
    reason: charge.reason,
    amount: minorAmountText(charge.amountMinor, charge.currency),
    currency: charge.currency,
    status: charge.status,
    methods: charge.status === 'due' ? cardMethodsFor(charge.currency) : [],
    test: charge.sandbox,
  };
}

function payUrl(token: string, provider: string, reference: string, cancelled = false): string {
  const query = new URLSearchParams({ payment: provider, reference, ...(cancelled && { cancelled: '1' }) });
  return `${getConfig().siteUrl}/pay/${token}?${query.toString()}`;
}

/**
 * Starts paying a charge with a card method: 404 unknown link, 409 not due (paid, waived), 400 a
 * method that does not take the currency; the provider's page to go to. A provider that fails
 * marks the attempt failed (502).
 */
export async function startChargePayment(db: Db, token: string, method: string, at: Date): Promise<{ redirectUrl: string; reference: string }> {
  const prepared = await db.transaction(async (tx) => {
    const charge = await chargeByToken(tx, token, true);
    if (charge.status !== 'due') throw new HttpError(409, charge.status === 'paid' ? 'This payment is already made. Thank you!' : 'Nothing is due on this link any more');
    if (!isCardMethod(method) || !methodAllows(method, charge.currency as CurrencyCode)) {
      throw new BadRequestError(`method must be one of ${cardMethodsFor(charge.currency).join(', ')}`);
    }
    const provider = providerFor(method);
    const order = await loadOrder(tx, charge.orderId);
    const reference = newReference(order.orderNumber);
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({ orderId: order.id, chargeId: charge.id, provider: method, reference, amountMinor: charge.amountMinor, currency: charge.currency, sandbox: usesSandbox(method), status: 'started', createdAt: at, updatedAt: at })
      .returning();
    return { provider, attempt: attempt!, order, charge };
  });
  const { provider, attempt, order } = prepared;
  try {
    const started = await provider.start({
      reference: attempt.reference,
      orderId: order.id,
      orderNumber: order.orderNumber,
      amountMinor: attempt.amountMinor,
      currency: attempt.currency,
      customer: { email: order.senderEmail, name: order.senderName, phone: order.senderPhone },
      callbackUrl: payUrl(token, provider.key, attempt.reference),
      cancelUrl: payUrl(token, provider.key, attempt.reference, true),
    });
    if (started.providerTransactionId) await db.update(paymentAttempts).set({ providerTransactionId: started.providerTransactionId, updatedAt: at }).where(eq(paymentAttempts.id, attempt.id));
    return { redirectUrl: started.redirectUrl, reference: attempt.reference };
  } catch (error) {
    await db.update(paymentAttempts).set({ status: 'failed', note: error instanceof Error ? error.message.slice(0, 500) : 'The provider failed', updatedAt: at }).where(eq(paymentAttempts.id, attempt.id));
    throw error;
  }
}

/** Applies the provider's verification to a charge's attempt in one transaction (see the header). */
export async function settleChargeAttempt(db: Db, attempt: AttemptRow, v: Verification, at: Date): Promise<ChargeOutcome> {
  return db.transaction(async (tx): Promise<ChargeOutcome> => {
    const [charge] = await tx.select().from(orderCharges).where(eq(orderCharges.id, attempt.chargeId!)).for('update');
    const [current] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id)).for('update');
    if (!charge || !current) throw new NotFoundError('There is no such payment');
    const record = (status: string, note: string) =>
      tx
        .update(paymentAttempts)
        .set({ status, note: note.slice(0, 500), ...(v.providerTransactionId && { providerTransactionId: v.providerTransactionId }), updatedAt: at })
        .where(eq(paymentAttempts.id, current.id));
    const outcome = (state: ChargeOutcome['outcome'], message: string): ChargeOutcome => ({ outcome: state, message });

    if (current.status === 'succeeded') return outcome('paid', 'Payment received. Thank you!');
    if (v.status === 'pending') return outcome('pending', 'We are still waiting for the provider to confirm your payment');
    if (v.status === 'failed' || v.status === 'cancelled') {
      if (current.status !== 'mismatch') await record(v.status, v.detail ?? '');
      return outcome('failed', `The payment did not go through: ${v.status === 'cancelled' ? 'it was cancelled' : v.detail || 'it was declined'}`);
    }
    const order = await loadOrder(tx, charge.orderId);
    if (v.reference !== current.reference || v.currency !== current.currency || v.amountMinor < charge.amountMinor) {
      if (current.status !== 'mismatch') {
        const problem = `Paid ${minorAmountText(v.amountMinor, v.currency.slice(0, 8))} of ${minorAmountText(charge.amountMinor, charge.currency)}`;
        await record('mismatch', problem);
        await addEvent(tx, order.id, order.status, `${CHARGE_KIND_LABELS[charge.kind]} payment not accepted (${current.reference}): ${problem}`, at);
      }
      return outcome('failed', 'The amount or currency paid does not match; please contact us quoting your order number');
    }
    if (charge.status !== 'due') {
      if (current.status !== 'mismatch') {
        await record('mismatch', `paid while the charge was ${charge.status}: refund due`);
        await addEvent(tx, order.id, order.status, `Payment ${current.reference}: paid while the ${CHARGE_KIND_LABELS[charge.kind].toLowerCase()} was ${charge.status}: refund due`, at);
      }
      return outcome(charge.status === 'paid' ? 'paid' : 'failed', charge.status === 'paid' ? 'This payment was already made; we will refund the second one' : 'Nothing was due on this link; we will refund you');
    }
    await record('succeeded', v.detail ?? '');
    await tx
      .update(orderCharges)
      .set({ status: 'paid', settledWith: current.provider, reference: current.reference, sandbox: current.sandbox, settledAt: at })
      .where(eq(orderCharges.id, charge.id));
    const test = current.sandbox ? ` (${TEST_PAYMENT_MARK})` : '';
    await addEvent(tx, order.id, order.status, `${CHARGE_KIND_LABELS[charge.kind]} of ${minorAmountText(charge.amountMinor, charge.currency)} paid with ${providerLabel(current.provider)}, reference ${current.reference}${test}`, at);
    return outcome('paid', 'Payment received. Thank you!');
  });
}

/**
 * The shopper is back from the provider on the pay link: 404 for an unknown link or a reference
 * of another charge; otherwise the provider is asked and the attempt settled.
 */
export async function verifyChargePayment(db: Db, token: string, reference: string, returnQuery: Record<string, string>, at: Date): Promise<ChargeOutcome & { charge: ChargeView }> {
  const charge: ChargeRow = await chargeByToken(db, token);
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.chargeId, charge.id), eq(paymentAttempts.reference, reference)));
  if (!attempt) throw new NotFoundError('There is no payment with this reference on this link');
  const outcome = await verifyChargeAttempt(db, attempt, returnQuery, at);
  return { ...outcome, charge: await chargeView(db, token) };
}

/** Asks the provider about a charge's attempt and settles it (the return, and webhooks through the payments core). */
export async function verifyChargeAttempt(db: Db, attempt: AttemptRow, returnQuery: Record<string, string>, at: Date, providerTransactionId?: string): Promise<ChargeOutcome> {
  if (attempt.status === 'succeeded') return { outcome: 'paid', message: 'Payment received. Thank you!' };
  if (!isCardMethod(attempt.provider)) throw new BadRequestError('This payment is not a card payment');
  const provider = providerFor(attempt.provider);
  const verification = await provider.verify(
    { reference: attempt.reference, providerTransactionId: providerTransactionId ?? attempt.providerTransactionId ?? null, amountMinor: attempt.amountMinor, currency: attempt.currency },
    returnQuery,
  );
  return settleChargeAttempt(db, attempt, verification, at);
}
