/**
 * The back office's order calls (under /admin/api, staff only): the board's query, and the
 * actions staff take on an order, and their answers' types (the board, one order as staff see it).
 * Strict bodies: a field the call does not take is a 400.
 */
import { z } from 'zod';
import { BOARD_BRANCHES, BOARD_STATES, REFUND_METHODS, type BoardState, type RecoveryState } from '@/lib/domain/backoffice';
import type { OrderEventType } from '@/lib/domain/order-lifecycle';
import type { ChargeKind, ChargeStatus } from '@/lib/domain/charges';
import type { Order } from '@/lib/contracts/orders';
import { PAYMENT_METHODS, RESIDENCE_TYPES } from '@/lib/domain/checkout';
import { multiLine, singleLine, strictObject } from '@/lib/contracts/text';

export const boardQuery = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be a day written YYYY-MM-DD')
    .optional(),
  branch: z.enum(BOARD_BRANCHES, { message: `branch must be one of ${BOARD_BRANCHES.join(', ')}` }).optional(),
  state: z.enum(BOARD_STATES, { message: `state must be one of ${BOARD_STATES.join(', ')}` }).optional(),
  q: singleLine(100).optional(),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(10_000).optional(),
});

const MANUAL_METHODS = PAYMENT_METHODS.filter((m) => m.kind === 'manual').map((m) => m.key) as [string, ...string[]];
const note = multiLine(1000).optional();

export const TRANSFER_AMOUNT_MESSAGE = "amount must be the amount received in the order's currency: more than 0, with at most 2 decimals, like 20000 or 62.50";

/**
 * The amount of a transfer staff saw arrive, in the order's currency's major units: a decimal
 * string ('20000', '62.50', '20,000') or a JSON number (62.5, read through its shortest decimal
 * text), more than 0 with at most 2 decimals. Answered as plain decimal text ('20000', '62.50'),
 * which the server turns into minor units without floating point.
 */
export const transferAmount = z
  .union([z.string(), z.number()], { error: (iss) => (iss.input === undefined ? 'amount is required: the amount received' : TRANSFER_AMOUNT_MESSAGE) })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
    // Thousands separators as people write them ('20,000.50'), and nothing else.
    const plain = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text;
    const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(plain);
    if (!match || !/[1-9]/.test(plain)) {
      ctx.addIssue({ code: 'custom', message: TRANSFER_AMOUNT_MESSAGE });
      return z.NEVER;
    }
    const whole = match[1]!.replace(/^0+(?=\d)/, '');
    return match[2] ? `${whole}.${match[2].padEnd(2, '0')}` : whole;
  });

/** The bank's (or the Bitcoin transaction's) reference of a transfer: one line, needed. */
export const transferReference = singleLine(200).min(1, 'reference is required: the bank reference of the transfer');
/** Who received a delivery (or collected it), as the rider writes it. */
export const recipientNameField = singleLine(120).min(1, 'recipientName is required: who received the order');

/**
 * `POST /admin/api/orders/{id}/deliver` (multipart/form-data): the text fields beside the
 * `photo` file (JPEG, PNG, WebP or HEIC, at most 10 MB; needed for a door delivery).
 */
export const deliverFields = strictObject({ recipientName: recipientNameField, note });

/** What staff do to an order; each is one lifecycle event. */
export const staffActionBody = z.discriminatedUnion(
  'type',
  [
    strictObject({
      type: z.literal('confirm_transfer'),
      amount: transferAmount,
      reference: transferReference,
      method: z.enum(MANUAL_METHODS, { message: `method must be one of ${MANUAL_METHODS.join(', ')}` }).optional(),
      note,
    }),
    strictObject({ type: z.literal('prepare'), note }),
    strictObject({ type: z.literal('dispatch'), riderId: z.uuid({ message: 'riderId must be a staff id' }).optional(), note }),
    strictObject({ type: z.literal('deliver'), recipientName: recipientNameField, note }),
    strictObject({ type: z.literal('delivery_failed'), note: multiLine(1000).min(1, 'note is required: say why the delivery failed') }),
    strictObject({ type: z.literal('cancel'), note }),
    strictObject({
      type: z.literal('record_refund'),
      reference: singleLine(200).min(1, 'reference is required: the bank or provider reference of the refund'),
      /** What went back, in the order's currency (absent: all the order's money received). */
      amount: transferAmount.optional(),
      method: z.enum(REFUND_METHODS, { message: `method must be one of ${REFUND_METHODS.join(', ')}` }).optional(),
      note,
    }),
  ],
  { error: 'type must be one of confirm_transfer, prepare, dispatch, deliver, delivery_failed, cancel, record_refund' },
);
export type StaffActionBody = z.infer<typeof staffActionBody>;

/** One order on the board (`GET /admin/api/orders`); `totalInCurrency` is 0 for riders. */
export type BoardRow = {
  id: string;
  orderNumber: string;
  boardState: BoardState;
  deliveryDate: string;
  deliveryMethod: string | null;
  city: 'lagos' | 'abuja' | null;
  pickupPoint: string | null;
  zone: string;
  recipientName: string;
  senderName: string;
  itemCount: number;
  currency: string;
  totalInCurrency: number;
  createdAt: string;
  /** The e-mail about an unfinished payment: sent, or sent and paid since (lib/domain/backoffice.ts). */
  recovery: RecoveryState;
};

/** `GET /admin/api/orders`: one page of rows, the total, and the count per state (same day, branch and search). */
export type Board = { rows: BoardRow[]; total: number; page: number; pageSize: number; counts: Record<BoardState, number> };

/** One line of an order's history: who (`actorName`: the member's name and role, 'Shopper', …) did what, when (ISO). */
export type StaffHistoryEntry = { event: string; actor: string; actorName: string; from: string; to: string; note: string; at: string };

/** `GET /admin/api/orders/{id}` and the answer of an action: the order, its payments (none for riders), its history, the actions open to the viewer. */
export type StaffOrder = {
  order: Order;
  attempts: { provider: string; reference: string; amount: string; status: string; sandbox: boolean; note: string; at: string }[];
  history: StaffHistoryEntry[];
  actions: OrderEventType[];
  /** The rider who took it out, once dispatched. */
  rider: { id: string; name: string } | null;
  /** Active riders of the order's branch a manager or owner may send it out with (empty for others). */
  riders: { id: string; name: string }[];
  /** Transfers staff confirmed, oldest first ('₦20,000'; `by`: who confirmed it); empty for riders. */
  receipts: StaffTransferReceipt[];
  /**
   * Money received by confirmed transfers against the order's total, in its currency ('₦20,000'
   * of '₦55,000', '₦35,000' outstanding; `outstandingAmount`: the same as decimal text, '35000',
   * '62.50', for the confirm form); null for riders.
   */
  transfers: { received: string; total: string; outstanding: string; outstandingAmount: string } | null;
  /** Extra charges and money owed back (none for riders), oldest first. */
  charges: StaffCharge[];
  /** Staff's internal notes, oldest first (never shown to shoppers). */
  notes: StaffNote[];
  /** Once delivered: the photo's address (staff and the sender only; its link is its secret) and who received it. */
  delivery: { photo: string | null; receivedBy: string };
  /**
   * Present when the viewer may change the delivery now (owners and managers; a paid door delivery
   * in Lagos or Abuja not yet out, lib/domain/delivery-change.ts): the zones of the order's state.
   */
  deliveryChange?: { zones: { name: string; label: string }[] };
  /** The e-mail about an unfinished payment, if one went (ISO time), and whether the order was paid after it. */
  recovery: { mailedAt: string; state: Exclude<RecoveryState, null> } | null;
};

/** One transfer staff confirmed for an order. */
export type StaffTransferReceipt = { amount: string; reference: string; by: string; at: string };

/** One line of the shop's audit: who moved which order from what to what, and when, and from which client address ('' when none: a shopper, a provider, the shop). */
export type AuditLine = StaffHistoryEntry & { orderId: string; orderNumber: string; address: string };

/** `GET /admin/api/audit?page=` (owners): the audit, newest first. */
export type AuditPage = { rows: AuditLine[]; total: number; page: number; pageSize: number };

export const auditQuery = z.object({ page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).optional() });

/** What kinds of content changes the content audit records (lib/server/services/backoffice/content-audit.ts). */
export const CONTENT_AUDIT_ENTITIES = ['product', 'picture', 'category', 'featured-group', 'settings', 'currency', 'coupon'] as const;
export type ContentAuditEntity = (typeof CONTENT_AUDIT_ENTITIES)[number];

/** `GET /admin/api/content-audit?page=&entity=` (owners): changes to what shoppers see, newest first. */
export const contentAuditQuery = auditQuery.extend({ entity: z.enum(CONTENT_AUDIT_ENTITIES, { message: `entity must be one of ${CONTENT_AUDIT_ENTITIES.join(', ')}` }).optional() });

/** One field a change touched, its values before and after as short text ('' when absent). */
export type ContentFieldChange = { field: string; before: string; after: string };

/**
 * One line of the content audit: what (kind, id and a readable name: a product's name, a
 * category's slug…), the action, who, from which address, when, and the fields it changed.
 */
export type ContentAuditLine = {
  entity: ContentAuditEntity;
  entityId: string;
  label: string;
  action: string;
  actorName: string;
  address: string;
  at: string;
  changes: ContentFieldChange[];
};

export type ContentAuditPage = { rows: ContentAuditLine[]; total: number; page: number; pageSize: number };

/** `POST /admin/api/orders/{id}/notes {text}`: an internal note on the order (any staff member who can see it). */
export const orderNoteBody = strictObject({ text: multiLine(1000).min(1, 'text is required: write the note') });
export type OrderNoteBody = z.infer<typeof orderNoteBody>;

/** One internal note: what, who (name and role), when (ISO). */
export type StaffNote = { text: string; by: string; at: string };

/** An extra charge (or money owed back) as staff read it. */
export type StaffCharge = {
  id: string;
  kind: ChargeKind;
  status: ChargeStatus;
  amount: string;
  reason: string;
  askedBy: string;
  settledWith: string;
  reference: string;
  sandbox: boolean;
  at: string;
  settledAt: string | null;
};

/** `POST /admin/api/orders/{id}/charges` (owners, managers): ask the sender for a quoted delivery fee; the pay link is e-mailed. */
export const askChargeBody = strictObject({
  kind: z.literal('quote', { message: 'kind must be quote' }),
  amount: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'amount must be a positive amount, like 15000 or 62.50'),
  reason: singleLine(300).min(1, 'reason is required: what the fee is for, as the sender reads it'),
});

/** `POST /admin/api/orders/{id}/charges/{chargeId}` (owners, managers): settle a charge by hand. */
export const chargeMoveBody = z.discriminatedUnion(
  'move',
  [
    strictObject({ move: z.literal('mark_paid'), reference: singleLine(200).min(1, 'reference is required: the bank or provider reference'), note }),
    strictObject({ move: z.literal('waive'), note }),
    strictObject({ move: z.literal('record_refund'), reference: singleLine(200).min(1, 'reference is required: the bank or provider reference of the refund'), note }),
  ],
  { error: 'move must be one of mark_paid, waive, record_refund' },
);
export type ChargeMoveBody = z.infer<typeof chargeMoveBody>;

/**
 * `POST /admin/api/orders/{id}/delivery` (owners, managers): change a paid door delivery's date,
 * zone or address before it leaves; the fee difference is asked of the sender by a pay link, or
 * recorded as owed back. At least one of the four changes; `note` goes on the timeline line.
 */
export const deliveryChangeBody = strictObject({
  deliveryDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'deliveryDate must be a day written YYYY-MM-DD')
    .optional(),
  zone: singleLine(100).min(1, 'zone must not be empty').optional(),
  recipientAddress: multiLine(1000).min(1, 'recipientAddress must not be empty').optional(),
  residenceType: z.enum(RESIDENCE_TYPES, { message: `residenceType must be one of ${RESIDENCE_TYPES.join(', ')}` }).optional(),
  note,
}).refine((b) => b.deliveryDate !== undefined || b.zone !== undefined || b.recipientAddress !== undefined || b.residenceType !== undefined, {
  message: 'Send at least one change: deliveryDate, zone, recipientAddress or residenceType',
});
export type DeliveryChangeBody = z.infer<typeof deliveryChangeBody>;
