/**
 * The shopper's account area (issue 15; not in the spec's table, which shows no account pages):
 * the logged-in shopper's orders, address book, profile, other devices and account deletion.
 * Shared by the API client (lib/api/calls.ts), the routes (pages/api/v1/regal/account/…) and the
 * account pages (pages/account/…).
 *
 * Every call needs the bearer token (401 'Please log in again' otherwise, as every account call)
 * and answers `Cache-Control: private, no-store`. A shopper sees and changes only their own: an
 * order number, recipient id or anything else of another account answers 404, exactly as an
 * unknown one does (never 403, which would say that it exists).
 *
 * Calls (each answer is the `{ data, error, message }` envelope):
 * - `GET /v1/regal/account/orders?page=1` → `AccountOrderList`: the shopper's orders that reached
 *   checkout, newest first, `ACCOUNT_ORDERS_PAGE_SIZE` a page. An order is the shopper's when it
 *   was placed logged in (or created the account at checkout), or when it was placed as a guest
 *   with the account's e-mail as sender e-mail and that e-mail has been proven by a one-time
 *   password (the proof, and every later code login, attaches such guest orders to the account).
 * - `GET /v1/regal/account/orders/{orderNumber}` → `AccountOrder`: the tracker's view with every
 *   detail (no e-mail asked), the amounts in the order's currency and whether it can still be paid.
 * - `GET /v1/regal/account/orders/{orderNumber}/reorder` → `Reorder`: the order's items as cart
 *   items at today's prices and what changed (price, no longer sold, size gone). Writes nothing:
 *   the client adds `cartItems` to its cart (merging by SKU as at login) and shows `changes`.
 * - `GET /v1/regal/account/recipients` → `SavedRecipient[]`, most recently saved first.
 * - `POST /v1/regal/account/recipients` `RecipientBody` → 201 `SavedRecipient`; 409
 *   `DUPLICATE_RECIPIENT_MESSAGE` when a recipient with the same name (any case) and phone is saved.
 * - `PUT /v1/regal/account/recipients/{id}` `RecipientBody` → `SavedRecipient` (the whole entry is
 *   replaced); 404 another's or unknown; 409 as above when it would equal another entry.
 * - `DELETE /v1/regal/account/recipients/{id}` → `{ deleted: true }`; 404 another's or unknown.
 * - `GET /v1/regal/account/profile` → `Profile`.
 * - `PUT /v1/regal/account/profile` `ProfileBody` (every key optional, at least one) → `Profile`.
 * - `POST /v1/regal/auth/logout-others` → `{ loggedOut: n }`: every token of the account but the
 *   one sent stops working.
 * - `POST /v1/regal/account/delete` `DeleteAccountBody` → `{ deleted: true, email }`. Needs the
 *   current password, unless the token came from a one-time password entered in the last 15
 *   minutes (the password change's rule and messages: 403 when it is missing, 403 for a wrong one,
 *   counted like the password change's failures). Refused with 409 `ORDERS_IN_PROGRESS_MESSAGE` while a paid order of the
 *   account is not yet delivered (the shop still needs the sender to reach). Otherwise, in one
 *   transaction: the account's orders keep their numbers, items, amounts, dates and states for the
 *   shop's books, while the sender's name, e-mail and phone, the recipient's details, the card
 *   message and notes are cleared (`ANONYMISED_NAME` in place of names), reviews are signed
 *   'A customer'; the recipients, cart, codes and tokens are deleted with the account row. An
 *   e-mail to the address confirms it. Guest orders under the e-mail that were never attached are
 *   not touched (nobody proved they are the account's).
 *
 * Bodies are strict (an undeclared key is a 400 naming it; text refuses control characters).
 */
import { z } from 'zod';
import type { CurrencyCode } from '@/lib/domain/money';
import type { DeliveryMethod, PickupCode } from '@/lib/domain/checkout';
import type { OrderStatus, PaymentState } from '@/lib/domain/order-lifecycle';
import type { SavedRecipient } from '@/lib/domain/accounts';
import type { Review, TimelineEntry } from '@/lib/contracts/orders';
import type { ReminderView } from '@/lib/contracts/reminders';
import { PASSWORD_MAX_LENGTH } from '@/lib/contracts/auth';
import { businessField, multiLine, optional, singleLine, strictObject } from '@/lib/contracts/text';

export type { SavedRecipient };

export const ACCOUNT_ORDERS_PAGE_SIZE = 20;
export const DUPLICATE_RECIPIENT_MESSAGE = 'This recipient is already in your address book';
export const RECIPIENT_NOT_FOUND_MESSAGE = 'This address is not in your address book';
export const ACCOUNT_ORDER_NOT_FOUND_MESSAGE = 'We could not find this order in your account';
export const ORDERS_IN_PROGRESS_MESSAGE =
  'An order of yours is still on its way. You can delete your account once it has been delivered, or contact us to cancel it.';
/** What replaces a deleted account's names on the orders the shop keeps. */
export const ANONYMISED_NAME = 'Deleted account';
/** The most recipients one account can save. */
export const MAX_RECIPIENTS = 100;

/** One order in the account's list. Amounts are whole units of the order's currency, as in `Order`. */
export type AccountOrderSummary = {
  orderNumber: string;
  /** When it was placed (checked out), ISO. */
  placedAt: string;
  /** YYYY-MM-DD, '' when none. */
  deliveryDate: string;
  deliveryMethod: DeliveryMethod | null;
  /** The recipient's name, or '' for a pick-up without one. */
  recipientName: string;
  currency: CurrencyCode;
  /** The total in the order's currency (whole units). */
  total: number;
  status: OrderStatus;
  statusLabel: string;
  paymentState: PaymentState;
  /** The spec's wording ('not paid', 'PAID - GO AHEAD (Paystack)'…). */
  paymentStatus: string;
  itemCount: number;
  /** The first item's picture, for the list. */
  image: { src: string; alt: string } | null;
  /** Once delivered: the rider's photo (its address is its secret); else null. */
  deliveryPhoto: string | null;
};

export type AccountOrderList = {
  orders: AccountOrderSummary[];
  page: number;
  pageSize: number;
  /** All the account's orders (for the pager). */
  total: number;
};

export type AccountOrderItem = {
  name: string;
  size?: string;
  quantity: number;
  image: { src: string; alt: string };
  /** The product's page when it is still sold, else null. */
  productSlug: string | null;
  /** The line's total in the order's currency (whole units). */
  lineTotal: number;
};

/** One order of the account, every detail. */
export type AccountOrder = AccountOrderSummary & {
  /** The order's id: the checkout's payment stage and the review call take it. */
  id: string;
  items: AccountOrderItem[];
  /** In the order's currency (whole units). */
  amounts: { subtotal: number; deliveryFee: number; discount: number; total: number };
  deliveryFeeQuotedByStaff: boolean;
  couponCode: string | null;
  /** Pick-up point code, '' for deliveries. */
  despatchLocation: PickupCode | '';
  sender: { name: string; email: string; phone: string };
  recipient: { name: string; address: string; phone: string; altPhone: string };
  deliveryMessage: string;
  timeline: TimelineEntry[];
  /** Delivered and not yet reviewed. */
  canReview: boolean;
  review: Review | null;
  /** Unpaid and still open (created or awaiting payment, nothing received): the checkout can take it. */
  canPay: boolean;
  /** Its occasion reminder when 'Remind me next year' was chosen and not stopped, else null. */
  reminder: ReminderView | null;
};

export type { Reorder, ReorderChange } from '@/lib/contracts/reorder';

const text = singleLine;
const phone = text(40);
const countryCode = z
  .string({ message: 'must be a country code such as +234' })
  .trim()
  .regex(/^\+\d{1,4}$/, 'must be a country code such as +234');

/** An address book entry as the shopper writes it (the checkout's recipient fields). */
export const recipientBody = strictObject({
  name: text(200).min(1, "Recipient's name is required"),
  phone: phone.min(1, "Recipient's phone number is required"),
  phoneCountryCode: countryCode.default('+234'),
  altPhone: optional(phone).default(''),
  altPhoneCountryCode: countryCode.default('+234'),
  address: multiLine(1000).default(''),
  residenceType: optional(text(60)).default(''),
  state: optional(text(40)).default(''),
  zone: optional(text(100)).default(''),
  business: businessField,
});
export type RecipientBody = z.input<typeof recipientBody>;

export type Profile = {
  email: string;
  name: string;
  phone: string;
  phoneCountryCode: string;
  marketingOptIn: boolean;
  /** Whether the e-mail was proven by a one-time password (guest orders attach only then). */
  emailProven: boolean;
  /** ISO. */
  createdAt: string;
  /** Whether the account has a password (an account made by code only may not). */
  hasPassword: boolean;
};

export const profileBody = strictObject({
  name: text(100).optional(),
  phone: phone.optional(),
  phoneCountryCode: countryCode.optional(),
  marketingOptIn: z.boolean({ message: 'marketingOptIn must be true or false' }).optional(),
  business: businessField,
}).refine((b) => b.name !== undefined || b.phone !== undefined || b.phoneCountryCode !== undefined || b.marketingOptIn !== undefined, {
  message: 'Nothing to save: send name, phone, phoneCountryCode or marketingOptIn',
});
export type ProfileBody = z.input<typeof profileBody>;

export const deleteAccountBody = strictObject({
  currentPassword: z.string({ message: 'currentPassword must be text' }).max(PASSWORD_MAX_LENGTH, 'currentPassword is too long').optional(),
  business: businessField,
});
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

export const accountOrdersQuery = z.object({
  page: z.coerce.number({ message: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(10_000, 'page is too large').default(1),
  business: z.string().trim().min(1).max(64).optional(),
});
