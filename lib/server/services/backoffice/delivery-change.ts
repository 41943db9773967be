/**
 * Staff change a paid door delivery's date, zone or address before it leaves the shop (owners and
 * managers; lib/domain/delivery-change.ts says which orders may). The shop's rule: the change
 * costs the fee difference, or it is owed back. The new fee follows the checkout's rules for the
 * zone and day (`deliveryFee`: peak-date fees, the free-delivery threshold judged on the order's
 * items after its coupon, a peak day's smallest order), converted to the order's currency at the
 * order's own rate, exactly as its fee was. Against it stands the fee in force: the order's fee,
 * plus earlier change charges paid, less those owed back (a waived one was never paid). A higher
 * fee asks the difference by a pay link (kind 'change', e-mailed once committed; the lifecycle
 * holds the dispatch while it is due), a lower one records it as owed back, an equal one asks
 * nothing. The order's totals stay as paid; its delivery fields change, with a timeline line and an
 * audit row ('change_delivery', the status unchanged). One transaction: a refusal writes nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orderCharges, orders } from '@/lib/server/db/schema';
import { BadRequestError, HttpError } from '@/lib/server/http/errors';
import { readSettings } from '@/lib/server/services/settings';
import { assertDeliveryDate } from '@/lib/server/services/orders/orders';
import { takeSlot } from '@/lib/server/services/capacity';
import { addEvent, type OrderRow } from '@/lib/server/services/orders/rows';
import { recordStaffAction } from '@/lib/server/services/orders/lifecycle';
import { askCharge, owe, type ChargeRow } from '@/lib/server/services/orders/charges';
import { orderAmountMinor } from '@/lib/server/payments/provider';
import { readStaffOrder, visibleOrder, type StaffViewer } from '@/lib/server/services/backoffice/staff-order';
import { staffActor } from '@/lib/server/services/staff/access';
import type { DeliveryChangeBody, StaffOrder } from '@/lib/contracts/backoffice';
import { roleHandlesCharges } from '@/lib/domain/backoffice';
import { feeDifference } from '@/lib/domain/charges';
import { deliveryFee, joinRecipientAddress } from '@/lib/domain/checkout';
import type { DeliverySettings } from '@/lib/domain/delivery';
import { deliveryChangeLine, deliveryChangeRefusal, feeChangeReason, type DeliveryChanges } from '@/lib/domain/delivery-change';
import { convertFromNaira, minorAmountText, type CurrencyCode } from '@/lib/domain/money';

/** What a change did to the money: a charge asked (with its link's token), money owed back, or nothing. */
type Outcome = { kind: 'asked'; charge: ChargeRow; token: string } | { kind: 'owed'; charge: ChargeRow } | { kind: 'none' };

/** A zone's label in the settings (its key when the settings no longer have it). */
function zoneLabel(settings: DeliverySettings, day: string | null, zone: string | null): string {
  if (!zone) return '—';
  const configs = [...settings.overrideConfigs.filter((c) => day && c.active && c.dates?.includes(day.slice(5, 10))), settings.baseConfig];
  for (const config of configs) {
    for (const state of config.stateDeliveryZones) {
      const found = state.zones.find((z) => z.name === zone);
      if (found) return found.label;
    }
  }
  return zone;
}

/**
 * The delivery fee the sender has paid so far, in minor units of the order's currency: the
 * order's own fee, plus change charges paid, less change charges owed back or refunded.
 */
async function feeInForce(tx: Db, order: OrderRow): Promise<bigint> {
  const changes = await tx
    .select({ status: orderCharges.status, amountMinor: orderCharges.amountMinor })
    .from(orderCharges)
    .where(and(eq(orderCharges.orderId, order.id), eq(orderCharges.kind, 'change')));
  return changes.reduce(
    (sum, c) => (c.status === 'paid' ? sum + c.amountMinor : c.status === 'refund_due' || c.status === 'refunded' ? sum - c.amountMinor : sum),
    orderAmountMinor(order.deliveryFeeInCurrency, order.currency),
  );
}

/** The answer's message: what was asked, owed or not. */
function outcomeMessage(order: OrderRow, outcome: Outcome): string {
  if (outcome.kind === 'asked') {
    const amount = minorAmountText(outcome.charge.amountMinor, order.currency);
    return order.senderEmail
      ? `Delivery changed. The sender has been e-mailed a link to pay the difference of ${amount}; the order cannot go out until it is paid or waived`
      : `Delivery changed. A difference of ${amount} is due, but the order has no sender e-mail: mark it paid or waive it once settled`;
  }
  if (outcome.kind === 'owed') return `Delivery changed. ${minorAmountText(outcome.charge.amountMinor, order.currency)} is owed back to the sender: record the refund once it is made`;
  return 'Delivery changed. The delivery fee is the same: nothing to pay or refund';
}

/**
 * Changes the delivery of order `id` as `body` says, for an owner or manager (403 otherwise; 404
 * outside their branch; 409 for an order that cannot change or has a change charge still due;
 * 400 for a day the checkout would refuse, a zone not of the order's state, or nothing changed).
 * Answers the order as the viewer sees it, and the message for them.
 */
export async function changeDelivery(db: Db, id: string, body: DeliveryChangeBody, viewer: StaffViewer, at: Date): Promise<{ answer: StaffOrder; message: string }> {
  if (!roleHandlesCharges(viewer.role)) throw new HttpError(403, `A ${viewer.role} cannot change deliveries`);
  const { order, outcome } = await db.transaction(async (tx) => {
    const order = await visibleOrder(tx, id, viewer, true);
    const refused = deliveryChangeRefusal(order);
    if (refused) throw new HttpError(409, refused);
    const [due] = await tx
      .select({ amountMinor: orderCharges.amountMinor })
      .from(orderCharges)
      .where(and(eq(orderCharges.orderId, order.id), eq(orderCharges.kind, 'change'), eq(orderCharges.status, 'due')))
      .limit(1);
    if (due) throw new HttpError(409, `An earlier delivery change of ${minorAmountText(due.amountMinor, order.currency)} is still awaiting payment: mark it paid or waive it before changing the delivery again`);

    const day = body.deliveryDate ?? order.deliveryDate;
    const zone = body.zone ?? order.zone;
    const residenceType = body.residenceType ?? order.residenceType;
    const address = body.recipientAddress ?? order.recipientAddress;
    const dayChanged = day !== order.deliveryDate;
    const zoneChanged = zone !== order.zone;
    const addressChanged = address !== order.recipientAddress || residenceType !== order.residenceType;
    if (!dayChanged && !zoneChanged && !addressChanged) throw new BadRequestError('Nothing to change: the order already has this delivery date, zone and address');
    if (dayChanged && day) {
      await assertDeliveryDate(tx, day, at);
      await takeSlot(tx, order, day, at, 'staff');
    }

    const { delivery } = await readSettings(tx);
    const changes: DeliveryChanges = {
      ...(dayChanged && day && { day: { from: order.deliveryDate, to: day } }),
      ...(zoneChanged && { zone: { from: zoneLabel(delivery, order.deliveryDate, order.zone), to: zoneLabel(delivery, day, zone) } }),
      ...(addressChanged && { address: joinRecipientAddress(residenceType || undefined, address) }),
    };

    // The fee changes only with the day or the zone; an address in the same zone costs the same.
    let outcome: Outcome = { kind: 'none' };
    let moneyLine = 'no fee difference';
    if (dayChanged || zoneChanged) {
      const quote = deliveryFee(delivery, { method: 'delivery', state: order.state ?? undefined, zone: zone ?? undefined, day, subtotal: order.subtotal, discount: order.discount });
      if (!quote.ok) throw new BadRequestError(quote.field === 'subtotal' ? `deliveryDate: ${quote.message}` : quote.message);
      const currency = order.currency as CurrencyCode;
      const newMinor = orderAmountMinor(convertFromNaira(quote.fee, order.conversionRate), currency);
      const paidMinor = await feeInForce(tx, order);
      const difference = feeDifference(paidMinor, newMinor);
      const words = {
        ...(changes.day && { day: changes.day.to }),
        ...(changes.zone && { zone: changes.zone.to }),
        ...(quote.config.type === 'override' && { peak: quote.config.name }),
        newFee: newMinor > 0n ? minorAmountText(newMinor, currency) : '',
        paidFee: paidMinor > 0n ? minorAmountText(paidMinor, currency) : '',
      };
      // The fee's line follows the change's on the timeline (a millisecond later, so it sorts after).
      const then = new Date(at.getTime() + 1);
      if (difference > 0n) {
        const reason = feeChangeReason({ ...words, more: minorAmountText(difference, currency) });
        outcome = { kind: 'asked', ...(await askCharge(tx, order, { kind: 'change', amountMinor: difference, reason }, viewer.id, then)) };
        moneyLine = `${minorAmountText(difference, currency)} asked of the sender`;
      } else if (difference < 0n) {
        outcome = { kind: 'owed', charge: await owe(tx, order, { kind: 'change', amountMinor: -difference, reason: feeChangeReason(words) }, viewer.id, then) };
        moneyLine = `${minorAmountText(-difference, currency)} owed back to the sender`;
      }
    }

    await tx.update(orders).set({ deliveryDate: day, zone, recipientAddress: address, residenceType, updatedAt: at }).where(eq(orders.id, order.id));
    const line = deliveryChangeLine(changes, body.note);
    await addEvent(tx, order.id, order.status, line, at);
    await recordStaffAction(tx, order, 'change_delivery', staffActor(viewer), `${line} (${moneyLine})`, at);
    return { order, outcome };
  });
  return { answer: await readStaffOrder(db, id, viewer), message: outcomeMessage(order, outcome) };
}
