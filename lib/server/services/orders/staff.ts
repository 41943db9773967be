/**
 * Staff moves of an order along its statuses (PUT /v1/admin/order/{id}/status) and the refunds
 * they record (POST /v1/admin/order/{id}/refund), and the staff token check. A move names the
 * status staff want; `staffEventFor` turns it into the lifecycle's event (confirm a transfer,
 * prepare, dispatch, deliver, a failed delivery, cancel), and `transition()` applies it with its
 * timeline line and audit row, or refuses it with a 409 that changes nothing.
 * Staff calls exist only when ADMIN_TOKEN is set; the token is compared in constant time.
 *
 * A move to paid confirms a transfer (see lib/server/services/orders/lifecycle.ts): with an
 * `amount` and a `reference` it records what staff saw arrive (short of the total: the order is
 * part paid and keeps its status); without them, as the automation has always called it, it
 * records all that is still due under the reference 'api token <ISO time>', so the order is paid.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Db } from '@/lib/server/db/client';
import { getConfig } from '@/lib/server/config';
import { HttpError, NotFoundError } from '@/lib/server/http/errors';
import { sha256 } from '@/lib/server/security/tokens';
import { clientAddress } from '@/lib/server/security/client-ip';
import { loadOrder } from '@/lib/server/services/orders/rows';
import { readOrder } from '@/lib/server/services/orders/store';
import { transferAmountMinor, transition, type TransitionEvent } from '@/lib/server/services/orders/lifecycle';
import { actorLabel, staffEventFor, type Actor, type OrderStatus } from '@/lib/domain/order-lifecycle';
import type { Order } from '@/lib/contracts/orders';
import { queuePaidConfirmation } from '@/lib/server/payments/confirmation';
import { queueProgressMail } from '@/lib/server/services/orders/notices';
import { askRedeliveryFee } from '@/lib/server/services/orders/charges';

export const STAFF_TOKEN_MESSAGE = 'A valid staff token is required';

/**
 * Lets a staff call through: 404 (as for any unknown call) when ADMIN_TOKEN is unset, 401 when
 * the bearer token is missing or wrong. Both sides are hashed first so that the comparison takes
 * the same time whatever the token's length or content.
 */
export function assertStaff(req: Pick<IncomingMessage, 'headers' | 'method' | 'url'>): void {
  const expected = getConfig().adminToken;
  if (!expected) throw new NotFoundError(`There is no call ${req.method ?? 'GET'} ${(req.url ?? '').split('?')[0]?.replace(/^\/api/, '')}`);
  const header = req.headers.authorization ?? '';
  const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
  const ok = timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(expected), 'hex'));
  if (!given || !ok) throw new HttpError(401, STAFF_TOKEN_MESSAGE, { 'WWW-Authenticate': 'Bearer' });
}

/** The actor of a call made with the staff token: 'api token', with the client address it came from (for the audit). */
export function apiTokenActor(req: Pick<IncomingMessage, 'headers' | 'socket'>): Extract<Actor, { kind: 'api_token' }> {
  return { kind: 'api_token', address: clientAddress(req, getConfig().trustProxy) };
}

export type MoveOptions = {
  /** For a move to paid (a transfer staff confirm): the manual method the money came by; the order's own method otherwise. */
  paidWith?: { method: string };
  /**
   * For a move to paid: the amount received (decimal text in the order's currency, '20000',
   * '62.50'; absent: all that is still due) and the bank's reference (absent: '<actor> <ISO time>').
   */
  transfer?: { amount?: string; reference?: string };
  /** Shown on the timeline line of the move. */
  note?: string;
  /** Who moves it: the staff member, or the automation's API token. */
  actor: Actor;
  at: Date;
};

/**
 * Moves an order to `to` and answers it: 404 unknown order, 409 for a move the lifecycle does not
 * allow from where the order is ('An order that is delivered and paid cannot be confirmed as
 * paid'). Cancelling frees the order's coupon use and records any refund due. A move to paid
 * that pays the order in full e-mails the sender a confirmation, a dispatch or delivery its
 * progress (written to the mail outbox with the move).
 */
export async function moveOrder(db: Db, id: string, to: OrderStatus, options: MoveOptions): Promise<Order> {
  return db.transaction(async (tx) => {
    const current = await loadOrder(tx, id, true);
    const type = staffEventFor(current.status, to);
    if (!type) throw new HttpError(409, `Staff cannot move an order to ${to}: that status follows the shopper's checkout`);
    const transfer = options.transfer ?? {};
    const event: TransitionEvent =
      type === 'confirm_transfer'
        ? {
            type,
            reference: transfer.reference ?? `${actorLabel(options.actor)} ${options.at.toISOString()}`,
            ...(transfer.amount !== undefined && { amountMinor: transferAmountMinor(transfer.amount, current.currency) }),
            method: options.paidWith?.method,
            note: options.note,
          }
        : { type, note: options.note };
    await transition(tx, id, event, options.actor, options.at);
    // The shop's rule holds for the automation too: a failed door delivery asks the fee again.
    if (type === 'delivery_failed') await askRedeliveryFee(tx, current, options.note, options.actor.kind === 'staff' ? options.actor.id : null, options.at);
    const order = await readOrder(tx, id);
    // A part payment leaves the order unpaid: the paid e-mail waits for the rest.
    if (to === 'paid' && order.paymentState === 'paid') await queuePaidConfirmation(tx, order);
    else if (to !== 'paid') await queueProgressMail(tx, order, type);
    return order;
  });
}

/**
 * Records that the money of a cancelled, paid order went back to the shopper (`reference`: the
 * bank's or provider's refund reference, and an optional note): refund due → refunded. 409 when
 * the order is not due a refund.
 */
export async function recordRefund(db: Db, id: string, refund: { reference: string; note?: string }, actor: Actor, at: Date): Promise<Order> {
  return db.transaction(async (tx) => {
    const note = [`reference ${refund.reference}`, refund.note?.trim()].filter(Boolean).join('; ');
    await transition(tx, id, { type: 'record_refund', note }, actor, at);
    return readOrder(tx, id);
  });
}
