/**
 * The order's life (pure): its states, the events that move it, every allowed transition with
 * its guard, and the payment wording shoppers and staff read, derived from the state.
 *
 * An order's state is two closed values: where the order is (`status`) and where its money is
 * (`payment`). Only `lib/server/services/orders/lifecycle.ts` writes them, by applying an event
 * through `decide()`; everything else reads them. The payment wording ('PAID - GO AHEAD
 * (Paystack)', the spec's `paymentStatus`) is produced by `paymentWording()`, never stored.
 *
 *   created ──choose_method──► awaiting_payment ──reopen──► created
 *      │  ╲                          │
 *      │   ╲ payment_confirmed /     │ payment_confirmed / confirm_transfer (covers the total)
 *      │    ╲ confirm_transfer       ▼
 *      └─────────────────────────► paid ──prepare──► preparing ──dispatch──► out_for_delivery
 *                                                      │   ▲                      │   │
 *                                                      │   └──delivery_failed─────┘   │
 *                                                      └──deliver──► delivered ◄──deliver
 *   cancel: created, awaiting_payment, paid, preparing → cancelled (never after dispatch)
 *   payment: unpaid ─transfer_sent─► awaiting_confirmation; → paid (payment_confirmed,
 *            confirm_transfer); paid ─cancel─► refund_due ─record_refund─► refunded;
 *            cancelled and unpaid ─late_payment─► refund_due (money arrived after cancellation)
 *   part payment (transfers staff confirm, their sum short of the total; the status stays
 *   created or awaiting_payment):
 *            unpaid, awaiting_confirmation ─confirm_transfer (short)─► part_paid
 *            part_paid ─confirm_transfer (short)─► part_paid
 *            part_paid ─confirm_transfer (covers the total)─► paid (status paid)
 *            part_paid ─cancel─► refund_due (status cancelled: the money received goes back)
 *            A part-paid order is closed to the shopper: no edits, no new method, no card
 *            payment, no 'transfer sent' (409, PART_PAID_MESSAGE: they contact the shop).
 */
import type { CurrencyCode } from '@/lib/domain/money';
import { methodAllows, methodLabel, PAYMENT_METHODS } from '@/lib/domain/checkout';

export const ORDER_STATUSES = ['created', 'awaiting_payment', 'paid', 'preparing', 'out_for_delivery', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATES = ['unpaid', 'awaiting_confirmation', 'part_paid', 'paid', 'refund_due', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What the lifecycle reads of an order. */
export type LifecycleState = {
  status: OrderStatus;
  payment: PaymentState;
  /** The method key the money came by (a provider's, or the transfer staff confirmed). */
  paidWith: string | null;
  /** Paid in the built-in sandbox: no money was taken. */
  paymentTest: boolean;
};

/** Who caused a change, as the audit records it. */
export type Actor =
  | { kind: 'shopper' }
  | { kind: 'provider'; provider: string }
  /** `address`: the client address the staff call came from (recorded in the audit). */
  | { kind: 'staff'; id: string; address?: string }
  | { kind: 'api_token'; address?: string }
  /**
   * A bank statement a manager uploaded (`staffId`: who uploaded it; `address`: where from): it
   * confirms transfers exactly as staff do, and nothing else.
   */
  | { kind: 'statement'; staffId: string; address?: string }
  | { kind: 'system' };
export type ActorKind = Actor['kind'];

/** An actor as one short text for the audit: 'shopper', 'provider:paystack', 'staff:<id>', 'api token', 'statement import', 'system'. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'provider':
      return `provider:${actor.provider}`;
    case 'staff':
      return `staff:${actor.id}`;
    case 'api_token':
      return 'api token';
    case 'statement':
      return 'statement import';
    default:
      return actor.kind;
  }
}

/** The facts a guard needs that are not the state itself; the lifecycle service reads them from the order. */
export type OrderFacts = {
  hasItems: boolean;
  /** The first missing detail a payment needs ('senderName'…), 'checkout' before the delivery details were saved, or null. */
  missingDetail: string | null;
  currency: CurrencyCode;
  /** The payment method the order has chosen. */
  paymentMethod: string | null;
  /** Whether an extra charge is still due on the order, which holds a dispatch (lib/domain/charges.ts). */
  chargeDue?: boolean;
};

/** Why an order with a charge still due cannot go out (without the amount: riders read it, and they see no money). */
export const CHARGE_DUE_MESSAGE = "A fee is still due on this order (see Extra payments): it goes out once the sender has paid it, or a manager marks it paid or waives it";

/** Every event, with what it carries. `note` is the timeline line's text where the caller writes it. */
export type OrderEvent =
  | { type: 'choose_method'; method: string; currency: CurrencyCode }
  | { type: 'reopen'; note: string }
  | { type: 'transfer_sent' }
  | { type: 'payment_confirmed'; method: string; test: boolean; coversTotal: boolean; note: string }
  /**
   * Money staff saw arrive by transfer: `amountMinor` received now (the order's currency, minor
   * units), the bank's `reference`, and `coversTotal`: whether every receipt so far, this one
   * included, covers the order's total (paid), or not yet (part paid).
   */
  | { type: 'confirm_transfer'; amountMinor: bigint; reference: string; coversTotal: boolean; method?: string; note?: string }
  | { type: 'prepare'; note?: string }
  /** `riderId`: the rider who takes it out (recorded on the order). */
  | { type: 'dispatch'; note?: string; riderId?: string }
  | { type: 'deliver'; note?: string }
  | { type: 'delivery_failed'; note?: string }
  | { type: 'cancel'; note?: string }
  | { type: 'late_payment'; method: string; note: string }
  | { type: 'record_refund'; note: string };
export type OrderEventType = OrderEvent['type'];

export const ORDER_LOCKED_MESSAGE = 'This order can no longer be changed';
export const ALREADY_PAID_MESSAGE = 'This order is already paid';
export const TRANSFER_PENDING_MESSAGE = 'We are confirming your transfer for this order, so it can no longer be changed. Please contact us to change it.';
export const PART_PAID_MESSAGE =
  'We have received part of the payment for this order, so it can no longer be changed or paid online. Please contact us to pay the rest or to change it.';
export const NO_ITEMS_MESSAGE = 'Your order has no items';
export const NOT_CHECKED_OUT_MESSAGE = 'Please complete the delivery details first';
export const NOT_MANUAL_MESSAGE = 'Only a bank transfer or Bitcoin payment can be marked as sent; please choose one first';
export const ATTEMPT_STALE_MESSAGE = 'The order changed after this payment started';

/** One row of the transition table. */
type Rule = {
  /** Order statuses the event may start from. */
  from: readonly OrderStatus[];
  /** Payment states it may start from. */
  payment: readonly PaymentState[];
  /** The status it leads to, or how the event decides it (the same status when absent). */
  to?: OrderStatus | ((state: LifecycleState, event: OrderEvent) => OrderStatus);
  /** The payment state it leads to, from the current state and the event (unchanged when absent). */
  paymentTo?: (state: LifecycleState, event: OrderEvent) => PaymentState;
  /** Who may cause it. */
  actors: readonly ActorKind[];
};

const SHOPPER_STAGES = ['created', 'awaiting_payment'] as const;
const STAFF = ['staff', 'api_token'] as const;

/** Whether a confirmed transfer brings the receipts up to the order's total. */
const coversTotal = (event: OrderEvent): boolean => event.type === 'confirm_transfer' && event.coversTotal;

/**
 * The transition table. A pair (state, event) not covered by its row is refused (409). Guards on
 * facts beyond the state are in `guard()`.
 */
export const TRANSITIONS: Record<OrderEventType, Rule> = {
  choose_method: { from: SHOPPER_STAGES, payment: ['unpaid'], to: 'awaiting_payment', actors: ['shopper'] },
  reopen: { from: ['awaiting_payment'], payment: ['unpaid'], to: 'created', actors: ['shopper', 'system', 'staff', 'api_token'] },
  transfer_sent: { from: SHOPPER_STAGES, payment: ['unpaid'], paymentTo: () => 'awaiting_confirmation', actors: ['shopper'] },
  payment_confirmed: { from: SHOPPER_STAGES, payment: ['unpaid', 'awaiting_confirmation'], to: 'paid', paymentTo: () => 'paid', actors: ['provider', 'shopper'] },
  // Money staff saw arrive: paid once the receipts cover the total; short of it, part paid and the status stays.
  confirm_transfer: {
    from: SHOPPER_STAGES,
    payment: ['unpaid', 'awaiting_confirmation', 'part_paid'],
    to: (s, e) => (coversTotal(e) ? 'paid' : s.status),
    paymentTo: (_, e) => (coversTotal(e) ? 'paid' : 'part_paid'),
    // A statement import confirms transfers like staff (lib/server/services/backoffice/bank-statement.ts).
    actors: [...STAFF, 'statement'],
  },
  prepare: { from: ['paid'], payment: ['paid'], to: 'preparing', actors: STAFF },
  dispatch: { from: ['preparing'], payment: ['paid'], to: 'out_for_delivery', actors: STAFF },
  // A pick-up order is collected from the shop: preparing → delivered.
  deliver: { from: ['preparing', 'out_for_delivery'], payment: ['paid'], to: 'delivered', actors: STAFF },
  // The rider could not deliver: back to preparing for a redelivery.
  delivery_failed: { from: ['out_for_delivery'], payment: ['paid'], to: 'preparing', actors: STAFF },
  // Never after dispatch: the bouquet is on its way.
  cancel: {
    from: ['created', 'awaiting_payment', 'paid', 'preparing'],
    payment: ['unpaid', 'awaiting_confirmation', 'part_paid', 'paid'],
    to: 'cancelled',
    // Money taken is due back (all of it, or the part received); a sandbox payment took none. A
    // claimed transfer that never arrived is simply unpaid.
    paymentTo: (s) => (s.payment === 'paid' ? (s.paymentTest ? 'paid' : 'refund_due') : s.payment === 'part_paid' ? 'refund_due' : 'unpaid'),
    actors: STAFF,
  },
  // A provider confirms real money for an order cancelled before it was paid: it is due back.
  late_payment: { from: ['cancelled'], payment: ['unpaid'], paymentTo: () => 'refund_due', actors: ['provider', 'shopper'] },
  record_refund: { from: ['cancelled'], payment: ['refund_due'], paymentTo: () => 'refunded', actors: STAFF },
};

export const ORDER_EVENT_TYPES = Object.keys(TRANSITIONS) as OrderEventType[];

export type Decision =
  | { ok: true; status: OrderStatus; payment: PaymentState }
  /** `status` is the HTTP status of the refusal: 409 for the state, 400 for details the shopper must fix, 403 for the wrong actor. */
  | { ok: false; status: 400 | 403 | 409; message: string };

/** Why the state refuses an event, in the words its caller shows. */
function stateRefusal(state: LifecycleState, type: OrderEventType): string {
  const shopperSide = type === 'choose_method' || type === 'transfer_sent' || type === 'payment_confirmed' || type === 'confirm_transfer' || type === 'reopen';
  if (shopperSide) {
    if (state.payment === 'paid' || state.payment === 'refund_due' || state.payment === 'refunded') return ALREADY_PAID_MESSAGE;
    if (!SHOPPER_STAGES.includes(state.status as (typeof SHOPPER_STAGES)[number])) return ORDER_LOCKED_MESSAGE;
    if (state.payment === 'awaiting_confirmation') return TRANSFER_PENDING_MESSAGE;
    if (state.payment === 'part_paid') return PART_PAID_MESSAGE;
  }
  return `An order that is ${statusWords(state)} cannot be ${EVENT_WORDS[type]}`;
}

/** Guards on facts beyond the state; null when the event may go ahead. */
function guard(event: OrderEvent, facts: OrderFacts): Decision | null {
  switch (event.type) {
    case 'dispatch':
      return facts.chargeDue ? { ok: false, status: 409, message: CHARGE_DUE_MESSAGE } : null;
    case 'choose_method': {
      const method = PAYMENT_METHODS.find((m) => m.key === event.method);
      if (!method) return { ok: false, status: 400, message: `paymentMethod must be one of ${PAYMENT_METHODS.map((m) => m.key).join(', ')}` };
      if (!methodAllows(method.key, event.currency)) return { ok: false, status: 400, message: `paymentMethod: ${method.label} is not available in ${event.currency}` };
      if (!facts.hasItems) return { ok: false, status: 400, message: NO_ITEMS_MESSAGE };
      if (facts.missingDetail === 'checkout') return { ok: false, status: 400, message: NOT_CHECKED_OUT_MESSAGE };
      if (facts.missingDetail) return { ok: false, status: 400, message: `${facts.missingDetail} is required before payment` };
      return null;
    }
    case 'transfer_sent': {
      const method = PAYMENT_METHODS.find((m) => m.key === facts.paymentMethod);
      if (!method || method.kind !== 'manual') return { ok: false, status: 400, message: NOT_MANUAL_MESSAGE };
      if (!methodAllows(method.key, facts.currency)) return { ok: false, status: 400, message: `${method.label} is not available in ${facts.currency}; please choose another way to pay` };
      return null;
    }
    case 'payment_confirmed':
      return event.coversTotal ? null : { ok: false, status: 409, message: ATTEMPT_STALE_MESSAGE };
    default:
      return null;
  }
}

/**
 * Whether `actor` may apply `event` to an order in `state` with `facts`, and the state it leads
 * to. The state is checked first (409), then the actor (403), then the guards.
 * @example decide({ status: 'paid', payment: 'paid', paidWith: 'paystack', paymentTest: false }, { type: 'prepare' }, { kind: 'staff', id: 's1' }, facts) // { ok: true, status: 'preparing', payment: 'paid' }
 */
export function decide(state: LifecycleState, event: OrderEvent, actor: Actor, facts: OrderFacts): Decision {
  const rule = TRANSITIONS[event.type];
  if (!rule.from.includes(state.status) || !rule.payment.includes(state.payment)) return { ok: false, status: 409, message: stateRefusal(state, event.type) };
  if (!rule.actors.includes(actor.kind)) return { ok: false, status: 403, message: `Only ${rule.actors.join(' or ').replace('api_token', 'the staff API token').replace('statement', 'a statement import')} can ${EVENT_VERBS[event.type]}` };
  const refused = guard(event, facts);
  if (refused) return refused;
  return { ok: true, ...outcome(rule, state, event) };
}

/** Where a rule takes the state for the event (its guards passed). */
function outcome(rule: Rule, state: LifecycleState, event: OrderEvent): Pick<LifecycleState, 'status' | 'payment'> {
  const status = typeof rule.to === 'function' ? rule.to(state, event) : (rule.to ?? state.status);
  return { status, payment: rule.paymentTo ? rule.paymentTo(state, event) : state.payment };
}

/**
 * Why a payment cannot start or be taken for an order in `state` (already paid: 'This order is
 * already paid'; closed: 'This order can no longer be changed'), or null when it can.
 */
export function paymentRefusal(state: Pick<LifecycleState, 'status' | 'payment'>): string | null {
  const rule = TRANSITIONS.payment_confirmed;
  if (rule.from.includes(state.status) && rule.payment.includes(state.payment)) return null;
  return stateRefusal({ ...state, paidWith: null, paymentTest: false }, 'payment_confirmed');
}

/** Whether the shopper may still change the order's items, details, coupon or method (no 409 from `editRefusal`). */
export function isEditable(state: Pick<LifecycleState, 'status' | 'payment'>): boolean {
  return editRefusal(state) === null;
}

/**
 * Why the shopper may no longer change the order, or null: paid or closed (locked), a transfer
 * the shopper says is on its way for this total (pending), or part of the money received (part
 * paid: the shopper contacts the shop).
 */
export function editRefusal(state: Pick<LifecycleState, 'status' | 'payment'>): string | null {
  if (!SHOPPER_STAGES.includes(state.status as (typeof SHOPPER_STAGES)[number])) return ORDER_LOCKED_MESSAGE;
  if (state.payment === 'paid' || state.payment === 'refund_due' || state.payment === 'refunded') return ORDER_LOCKED_MESSAGE;
  if (state.payment === 'awaiting_confirmation') return TRANSFER_PENDING_MESSAGE;
  if (state.payment === 'part_paid') return PART_PAID_MESSAGE;
  return null;
}

/** Whether money for the order has been received in full (a payment state of paid; part paid and refunds are not). */
export function isPaid(state: Pick<LifecycleState, 'payment'>): boolean {
  return state.payment === 'paid';
}

/** Whether the shop has ever been paid for the order in full (paid, or paid and due back / refunded; not part paid). */
export function wasPaid(state: Pick<LifecycleState, 'payment'>): boolean {
  return state.payment === 'paid' || state.payment === 'refund_due' || state.payment === 'refunded';
}

/** The wording of an order whose transfer the shopper says is sent (the client's checkout reads it back). */
export const AWAITING_CONFIRMATION_WORDING = 'awaiting confirmation';

/**
 * The wording of an order staff confirmed part of the money for: not enough to go ahead. It
 * neither starts with 'paid' nor contains 'go ahead', so the client's paid rule (`isPaidStatus`)
 * does not take it for paid.
 */
export const PART_PAID_WORDING = 'PART PAID - BALANCE DUE';

/** What marks a payment made against the built-in sandbox, wherever the payment wording shows. */
export const TEST_PAYMENT_MARK = 'TEST PAYMENT, no money taken';

/**
 * The staff's name for how the money came: a method's label without the bracket ('Bank transfer
 * (GTBank)' → 'Bank transfer'), or 'bank transfer' when none was recorded.
 */
function paidVia(method: string | null): string {
  return method ? methodLabel(method).replace(/\s*\(.*\)$/, '') : 'bank transfer';
}

/**
 * The payment wording of an order (the spec's `paymentStatus`), derived from its payment state.
 * Only the paid one starts with 'PAID' and contains 'GO AHEAD' (the client's paid rule,
 * `isPaidStatus`); none of the others match it.
 * @example paymentWording({ payment: 'paid', paidWith: 'paystack', paymentTest: false }) // 'PAID - GO AHEAD (Paystack)'
 * @example paymentWording({ payment: 'paid', paidWith: 'paystack', paymentTest: true }) // 'PAID - GO AHEAD (Paystack) – TEST PAYMENT, no money taken'
 * @example paymentWording({ payment: 'refund_due', paidWith: 'payPal', paymentTest: false }) // 'REFUND DUE (paid with PayPal)'
 * @example paymentWording({ payment: 'part_paid', paidWith: 'gtbTransfer', paymentTest: false }) // 'PART PAID - BALANCE DUE'
 */
export function paymentWording(state: Pick<LifecycleState, 'payment' | 'paidWith' | 'paymentTest'>): string {
  switch (state.payment) {
    case 'unpaid':
      return 'not paid';
    case 'awaiting_confirmation':
      return AWAITING_CONFIRMATION_WORDING;
    case 'part_paid':
      return PART_PAID_WORDING;
    case 'paid': {
      const paid = `PAID - GO AHEAD (${paidVia(state.paidWith)})`;
      return state.paymentTest ? `${paid} – ${TEST_PAYMENT_MARK}` : paid;
    }
    case 'refund_due':
      return `REFUND DUE (paid with ${paidVia(state.paidWith)})`;
    case 'refunded':
      return `REFUNDED (paid with ${paidVia(state.paidWith)})`;
  }
}

/** What the tracker shows for each status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  created: 'Order created',
  awaiting_payment: 'Awaiting payment',
  paid: 'Payment received',
  preparing: 'Being prepared',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const EVENT_WORDS: Record<OrderEventType, string> = {
  choose_method: 'given a payment method',
  reopen: 'reopened for a new payment',
  transfer_sent: 'marked as transfer sent',
  payment_confirmed: 'paid',
  confirm_transfer: 'confirmed as paid',
  prepare: 'prepared',
  dispatch: 'dispatched',
  deliver: 'marked delivered',
  delivery_failed: 'marked as a failed delivery',
  cancel: 'cancelled',
  late_payment: 'paid late',
  record_refund: 'marked refunded',
};

const EVENT_VERBS: Record<OrderEventType, string> = {
  choose_method: 'choose the payment method',
  reopen: 'reopen an order',
  transfer_sent: 'say a transfer was sent',
  payment_confirmed: 'confirm a card payment',
  confirm_transfer: 'confirm a transfer',
  prepare: 'prepare an order',
  dispatch: 'dispatch an order',
  deliver: 'mark an order delivered',
  delivery_failed: 'record a failed delivery',
  cancel: 'cancel an order',
  late_payment: 'record a payment after cancellation',
  record_refund: 'record a refund',
};

const PAYMENT_WORDS: Record<PaymentState, string> = {
  unpaid: 'unpaid',
  awaiting_confirmation: 'awaiting confirmation of a transfer',
  part_paid: 'part paid',
  paid: 'paid',
  refund_due: 'due a refund',
  refunded: 'refunded',
};

/** The state in words for a refusal: 'cancelled and due a refund', 'awaiting payment and unpaid'. */
function statusWords(state: Pick<LifecycleState, 'status' | 'payment'>): string {
  return `${state.status.replace(/_/g, ' ')} and ${PAYMENT_WORDS[state.payment]}`;
}

/**
 * The event a staff move to a status stands for ('preparing' is a redelivery after a failed
 * delivery, otherwise the start of preparing), or null when staff cannot move an order there.
 */
export type StaffMoveEvent = 'confirm_transfer' | 'prepare' | 'dispatch' | 'deliver' | 'delivery_failed' | 'cancel';

export function staffEventFor(from: OrderStatus, to: OrderStatus): StaffMoveEvent | null {
  switch (to) {
    case 'paid':
      return 'confirm_transfer';
    case 'preparing':
      return from === 'out_for_delivery' ? 'delivery_failed' : 'prepare';
    case 'out_for_delivery':
      return 'dispatch';
    case 'delivered':
      return 'deliver';
    case 'cancelled':
      return 'cancel';
    default:
      return null;
  }
}

/**
 * Every state an order can reach from a new one (created and unpaid), found by applying the
 * table (an event that decides its outcome, a confirmed transfer, both ways: short and covering);
 * the transition test walks each of them against every event.
 */
export function reachableStates(): Pick<LifecycleState, 'status' | 'payment'>[] {
  const key = (s: Pick<LifecycleState, 'status' | 'payment'>) => `${s.status}/${s.payment}`;
  const seen = new Map<string, Pick<LifecycleState, 'status' | 'payment'>>([['created/unpaid', { status: 'created', payment: 'unpaid' }]]);
  const queue = [...seen.values()];
  while (queue.length > 0) {
    const state = queue.shift()!;
    for (const [type, rule] of Object.entries(TRANSITIONS)) {
      if (!rule.from.includes(state.status) || !rule.payment.includes(state.payment)) continue;
      for (const paymentTest of [false, true]) {
        for (const covers of [true, false]) {
          const event = { type, coversTotal: covers } as OrderEvent;
          const next = outcome(rule, { ...state, paidWith: null, paymentTest }, event);
          if (!seen.has(key(next))) {
            seen.set(key(next), next);
            queue.push(next);
          }
        }
      }
    }
  }
  return [...seen.values()];
}
