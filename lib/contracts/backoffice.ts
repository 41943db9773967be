/**
 * The back office's order calls (under /admin/api, staff only): the board's query, and the
 * actions staff take on an order, and their answers' types (the board, one order as staff see it).
 * Strict bodies: a field the call does not take is a 400.
 */
import { z } from 'zod';
import { BOARD_BRANCHES, BOARD_STATES, type BoardState } from '@/lib/domain/backoffice';
import type { OrderEventType } from '@/lib/domain/order-lifecycle';
import type { Order } from '@/lib/contracts/orders';
import { PAYMENT_METHODS } from '@/lib/domain/checkout';
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

/** What staff do to an order; each is one lifecycle event. */
export const staffActionBody = z.discriminatedUnion(
  'type',
  [
    strictObject({ type: z.literal('confirm_transfer'), method: z.enum(MANUAL_METHODS, { message: `method must be one of ${MANUAL_METHODS.join(', ')}` }).optional(), note }),
    strictObject({ type: z.literal('prepare'), note }),
    strictObject({ type: z.literal('dispatch'), riderId: z.uuid({ message: 'riderId must be a staff id' }).optional(), note }),
    strictObject({ type: z.literal('deliver'), note }),
    strictObject({ type: z.literal('delivery_failed'), note: multiLine(1000).min(1, 'note is required: say why the delivery failed') }),
    strictObject({ type: z.literal('cancel'), note }),
    strictObject({ type: z.literal('record_refund'), reference: singleLine(200).min(1, 'reference is required: the bank or provider reference of the refund'), note }),
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
};

/** One line of the shop's audit: who moved which order from what to what, and when. */
export type AuditLine = StaffHistoryEntry & { orderId: string; orderNumber: string };

/** `GET /admin/api/audit?page=` (owners): the audit, newest first. */
export type AuditPage = { rows: AuditLine[]; total: number; page: number; pageSize: number };

export const auditQuery = z.object({ page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).optional() });
