/**
 * Occasion reminders (issue 18; lib/server/services/reminders.ts):
 * - `POST /v1/reminders` `{ orderId }` (the done stage: the order's id is its own key) or
 *   `{ token }` (the payment e-mail's 'Remind me next year' link) → 201 `ReminderView`; 409 when
 *   the order is not paid or has no e-mail or day; asking again gives the same reminder back
 *   (started again if it was stopped).
 * - `GET /v1/reminders/refill?t={token}` → `ReminderRefill`: the reminder e-mail's 'Send it again':
 *   last year's items as cart items at today's prices, a sold-out one swapped for the closest
 *   match in its category (said as a 'swapped' change). Writes nothing.
 * - `GET /v1/reminders/order?t={token}` → `ReminderOffer`: what the payment e-mail's link offers.
 * - `GET /v1/regal/account/reminders` → `ReminderView[]` (the account's, by its orders and its
 *   e-mail); `DELETE /v1/regal/account/reminders/{id}` → `{ stopped: true }`.
 */
import { z } from 'zod';
import type { CartItem } from '@/lib/domain/cart';
import type { ReorderChange } from '@/lib/contracts/reorder';
import { businessField, singleLine, strictObject } from '@/lib/contracts/text';

export type ReminderView = {
  id: string;
  /** 'Birthday', "Mother's Day", 'Occasion'. */
  occasion: string;
  recipientName: string;
  /** The next day it comes round (YYYY-MM-DD); the e-mails go 7 days and 1 day before. */
  nextOn: string;
  /** The order it was asked for. */
  orderNumber: string;
  /** The address said no to reminders (this one, all reminders, or everything such): none will be e-mailed. */
  muted: boolean;
};

export type ReminderRefill = { reminder: ReminderView; cartItems: CartItem[]; changes: ReorderChange[] };

/** What the payment e-mail's link offers before the shopper says yes. */
export type ReminderOffer = { orderNumber: string; occasion: string; recipientName: string; nextOn: string; already: boolean };

export const reminderCreateBody = strictObject({
  orderId: z.uuid({ message: 'orderId must be an order id' }).optional(),
  token: singleLine(600).optional(),
  business: businessField,
}).refine((body) => (body.orderId === undefined) !== (body.token === undefined), { message: 'Send either orderId or token' });
export type ReminderCreateBody = z.input<typeof reminderCreateBody>;

export const REMINDER_TEXT = {
  notPaid: 'An order can be remembered once it is paid.',
  noEmail: 'This order has no e-mail address to send the reminder to.',
  noDay: 'This order has no delivery day to remember.',
  invalidLink: 'This link is not valid. Please use the link in your latest e-mail from us, or reply to it.',
} as const;
