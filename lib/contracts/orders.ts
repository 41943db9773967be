/**
 * Order, coupon, tracking and review calls (spec sections 3 and 7), shared by the API client and
 * the routes. Every answer is the `{ data, error, message }` envelope; a failure carries `status`.
 *
 * - `POST /v1/firebase/order/create` {deliveryDate, cartItems, currency} → 201 `OrderCreated`.
 *   `deliveryDate` may be '' (guests send none). Items are priced from the catalogue: a `price`
 *   sent with an item must equal the catalogue's, or the call fails (400). An optional
 *   `Idempotency-Key` header (1–255 visible ASCII characters, one random value per attempt) makes a
 *   retry of the same request within 24 h answer the first order again (`Idempotent-Replayed: true`)
 *   instead of making a second; 409 while the first is still running, 422 for another request.
 * - `GET /v1/firebase/order/{id}` → `Order`; 404 'Order not found' for an unknown id.
 * - `PUT /v1/firebase/order/{id}` {deliveryDate, cartItems | null, currency} → `Order`; `null`
 *   items keep the items (date or currency change only), `[]` empties the order.
 * - `PUT /v1/firebase/order/checkout-order/{id}` `CheckoutOrderBody` → `CheckoutAnswer`.
 * - `PUT /v1/firebase/order/save-sender-info/{id}` `SaveSenderInfoBody` (flat sender fields, or
 *   `userData` as the previous client sends it) → `Order`; 400 'Nothing to save…' for a body
 *   without any sender field.
 * - `PUT /v1/firebase/order/update-payment-details/{id}` {currency, paymentMethod} → `Order`;
 *   400 when the method does not serve the currency or the delivery details are missing.
 * - `GET /v1/firebase/order/order-number/{number}?email=` → `TrackedOrder`; personal details
 *   only when `email` is the order's; 429 after repeated misses.
 * - `POST /v1/firebase/order/submit-review/{orderId}` {rating, comment} → `Review`; 400 before
 *   delivery, 409 when the order was already reviewed.
 * - `POST /v1/coupon/validate` {orderId, code} → `Order` with the coupon applied; 400 with the
 *   reason when it does not apply.
 * - `DELETE /v1/firebase/order/delete-coupon/{id}` → `Order` without a coupon.
 *
 * Changing an order (items, details, coupon, payment method) is allowed only while it is unpaid
 * (status created or awaiting_payment); otherwise 409 'This order can no longer be changed'.
 * `business` is optional in bodies and queries; when given it must be the shop's identifier.
 *
 * Every body is strict: a key the call does not declare is a 400 naming it ('orderData.fee is
 * not a field of this call'); text fields refuse control characters and "" in an optional field
 * counts as omitted (lib/contracts/text.ts).
 */
import { z } from 'zod';
import { CURRENCY_CODES } from '@/lib/domain/money';
import { MAX_ITEMS, MAX_QUANTITY } from '@/lib/domain/cart';
import {
  DELIVERY_METHODS,
  PAYMENT_METHOD_KEYS,
  PICKUP_CODES,
  type DeliveryMethod,
  type PaymentMethodKey,
  type PickupCode,
} from '@/lib/domain/checkout';
import { ORDER_LOCKED_MESSAGE, ORDER_STATUSES, type OrderStatus, type PaymentState } from '@/lib/domain/order-lifecycle';
import type { UserRecord } from '@/lib/contracts/auth';
import { businessField, multiLine, optional, singleLine, strictObject } from '@/lib/contracts/text';

export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';
export { ORDER_LOCKED_MESSAGE };

const currency = z.enum(CURRENCY_CODES, { message: `currency must be one of ${CURRENCY_CODES.join(', ')}` });
const business = businessField;
/** One line of text (lib/contracts/text.ts: trimmed, no control characters). */
const text = singleLine;
/** YYYY-MM-DD or '' (not chosen); the date rule itself is checked by the service. */
const day = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day written YYYY-MM-DD')]);

// A refinement rather than .int(): zod 4 reports .int() as `invalid_type`, which the route
// wrapper's message turns into "is required".
const quantity = z
  .number({ message: 'must be a number' })
  .refine((n) => Number.isInteger(n), 'must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_QUANTITY, `must be at most ${MAX_QUANTITY}`);

/**
 * A cart item as the order calls take it: what was chosen, never what it costs. Every key is
 * declared (unknown ones are a 400). Declared but not used, because the server prices and names
 * the line from the catalogue: `name`, `description`, `image`, and the design object's `title`,
 * `price` and `quantity` (the client's cart item carries them).
 */
export const orderCartItemSchema = strictObject({
  productId: text(100).min(1, 'must not be empty'),
  /** The design option's name (e.g. 'in-a-vase'); the cart's design object is accepted too. */
  design: z
    .union([
      text(100),
      strictObject({
        name: text(100),
        title: text(300).optional(),
        price: z.number().finite().optional(),
        quantity: z.number().finite().optional(),
      }).transform((d) => d.name),
    ])
    .optional()
    .transform((d) => d || undefined),
  /** The size (variant name) for a variable product. */
  size: optional(text(100)),
  quantity,
  /** Ignored: the line shows the catalogue's picture. */
  image: strictObject({ src: text(2000), alt: text(300) }).optional(),
  SKU: text(100).min(1, 'must not be empty'),
  /** Optional: when sent, it must equal the catalogue's unit price. */
  price: z.number().finite().optional(),
  /** Ignored: the line is named from the catalogue. */
  name: text(300).optional(),
  /** Ignored: the line is described from the catalogue. */
  description: multiLine(2000).optional(),
});
export type OrderCartItem = z.input<typeof orderCartItemSchema>;

const orderCartItems = z
  .array(orderCartItemSchema)
  .max(MAX_ITEMS, `an order holds at most ${MAX_ITEMS} items`)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.SKU)) ctx.addIssue({ code: 'custom', path: [index, 'SKU'], message: `${item.SKU} appears twice (items are matched by SKU)` });
      seen.add(item.SKU);
    });
  });

export const orderCreateBody = strictObject({
  deliveryDate: day.default(''),
  cartItems: orderCartItems.refine((items) => items.length > 0, 'the cart is empty'),
  currency,
  business,
});
export type OrderCreateBody = z.input<typeof orderCreateBody>;
export type OrderCreated = { id: string; deliveryDate: string; orderNumber: string };

export const orderUpdateBody = strictObject({
  deliveryDate: day.default(''),
  cartItems: orderCartItems.nullable(),
  currency,
  business,
});
export type OrderUpdateBody = z.input<typeof orderUpdateBody>;

const phone = text(40);
/** A country code such as +234; "" counts as omitted. */
const countryCode = optional(
  z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/, 'must be a country code such as +234'),
);
/** An e-mail address, lower-cased. */
const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'is too long')
  .pipe(z.email({ message: 'must be a valid e-mail address' }));

/** The recipient as the checkout form sends it (spec section 7); "" in a field counts as omitted. */
const recipientSchema = strictObject({
  name: optional(text(200)),
  phone: optional(phone),
  phoneCountryCode: countryCode,
  phoneAlt: optional(phone),
  altPhoneCountryCode: countryCode,
  address: optional(multiLine(1000)),
  state: optional(text(40)),
  residenceType: optional(text(60)),
  method: z.enum(DELIVERY_METHODS, { message: `must be ${DELIVERY_METHODS.join(' or ')}` }),
});

/** deliveryDetails (spec section 7; `recidenceType` is spelled as the spec spells it). */
const deliveryDetailsSchema = strictObject({
  recidenceType: optional(text(60)),
  recipientAddress: optional(multiLine(1000)),
  recipientName: optional(text(200)),
  recipientPhone: optional(phone),
  recipientPhoneCountryCode: countryCode,
  recipientAltPhone: optional(phone),
  recipientAltPhoneCountryCode: countryCode,
  state: optional(text(40)),
  zone: optional(text(100)),
});

export const orderDataSchema = strictObject({
  deliveryInstruction: optional(multiLine(1000)),
  deliveryDate: day,
  /** The shopper's additional information for the shop. */
  adminNotes: optional(multiLine(2000)),
  /** The card message. */
  deliveryMessage: optional(multiLine(1000)),
  /** Pick-up: the pickup point code. */
  despatchLocation: optional(z.enum(PICKUP_CODES, { message: `must be one of ${PICKUP_CODES.join(', ')}` })),
  purpose: optional(text(100)),
  deliveryZone: optional(text(100)),
  pickupState: optional(text(40)),
  recipient: recipientSchema,
  deliveryDetails: deliveryDetailsSchema.optional(),
});
export type OrderData = z.input<typeof orderDataSchema>;

export const userDataSchema = strictObject({
  name: optional(text(200)),
  email: optional(emailAddress),
  phone: optional(phone),
  /** Only with shouldCreateAccount (hashed, never stored as text: any character is allowed). */
  password: z.string().max(200, 'is too long').optional(),
  phoneCountryCode: countryCode,
});
export type UserData = z.input<typeof userDataSchema>;

export const checkoutOrderBody = strictObject({
  shouldCreateAccount: z.boolean().default(false),
  shouldSaveAddress: z.boolean().default(false),
  orderData: orderDataSchema,
  userData: userDataSchema,
  currency,
  business,
}).superRefine((body, ctx) => {
  // A password without an account to create would be accepted and thrown away.
  if (body.userData.password && !body.shouldCreateAccount) {
    ctx.addIssue({ code: 'custom', path: ['userData', 'password'], message: 'userData.password is only taken with shouldCreateAccount: true' });
  }
});
export type CheckoutOrderBody = z.input<typeof checkoutOrderBody>;
/** The checked-out order, and the new account's user record when one was created. */
export type CheckoutAnswer = { order: Order; user: UserRecord | null; accountNotice?: string };

/** A sender e-mail of save-sender-info: '' clears it. */
const senderEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'is too long')
  .pipe(z.union([z.literal(''), z.email({ message: 'must be a valid e-mail address' })]));

/**
 * The sender as the shop's previous client sends it (the checkout's userData without password).
 * As at checkout, a field sent as "" counts as omitted (that client sends every field, filled or
 * not), so it never clears what was saved; the flat form's "" clears a field.
 */
const senderUserData = strictObject({
  name: optional(text(200)),
  email: optional(senderEmail),
  phone: optional(phone),
  phoneCountryCode: countryCode,
});

const SENDER_FLAT_FIELDS = 'senderName, senderEmail, senderPhoneNumber, senderCountryCode';
export const NOTHING_TO_SAVE_MESSAGE = `Nothing to save: send ${SENDER_FLAT_FIELDS} (or userData with name, email, phone, phoneCountryCode)`;
export const SENDER_MIXED_MESSAGE = `Send the sender either as userData or as ${SENDER_FLAT_FIELDS}, not both`;

/**
 * The sender fields of the checkout form, saved as the shopper leaves them: flat
 * ({senderName, senderEmail, senderPhoneNumber, senderCountryCode}) or as the previous client
 * sends them ({userData: {name, email, phone, phoneCountryCode}}), not both. Each is optional;
 * '' clears a name, e-mail or phone (a country code "" counts as omitted); a body with nothing to
 * save is a 400. The output is the flat form, with `fields` naming the keys as sent (for errors).
 */
export const saveSenderInfoBody = strictObject({
  senderName: text(200).optional(),
  senderEmail: senderEmail.optional(),
  senderPhoneNumber: phone.optional(),
  senderCountryCode: countryCode,
  userData: senderUserData.optional(),
  business,
})
  .superRefine((body, ctx) => {
    const flat = [body.senderName, body.senderEmail, body.senderPhoneNumber, body.senderCountryCode].some((v) => v !== undefined);
    const nested = body.userData !== undefined && Object.values(body.userData).some((v) => v !== undefined);
    if (body.userData !== undefined && flat) ctx.addIssue({ code: 'custom', path: [], message: SENDER_MIXED_MESSAGE });
    else if (!flat && !nested) ctx.addIssue({ code: 'custom', path: [], message: NOTHING_TO_SAVE_MESSAGE });
  })
  .transform(({ userData, business, ...flat }) =>
    userData
      ? {
          senderName: userData.name,
          senderEmail: userData.email,
          senderPhoneNumber: userData.phone,
          senderCountryCode: userData.phoneCountryCode,
          business,
          fields: { phone: 'userData.phone' },
        }
      : { ...flat, business, fields: { phone: 'senderPhoneNumber' } },
  );
export type SaveSenderInfoBody = z.input<typeof saveSenderInfoBody>;

export const updatePaymentDetailsBody = strictObject({
  currency,
  paymentMethod: z.enum(PAYMENT_METHOD_KEYS, { message: `paymentMethod must be one of ${PAYMENT_METHOD_KEYS.join(', ')}` }),
  business,
});
export type UpdatePaymentDetailsBody = z.input<typeof updatePaymentDetailsBody>;

export const couponValidateBody = strictObject({
  orderId: text(100).min(1, 'must not be empty'),
  code: text(40).min(1, 'code is required').transform((c) => c.toUpperCase()),
  business,
});
export type CouponValidateBody = z.input<typeof couponValidateBody>;

export const reviewBody = strictObject({
  rating: z
    .number({ message: 'rating must be a number from 1 to 5' })
    .refine((n) => Number.isInteger(n), 'must be a whole number')
    .min(1, 'must be at least 1')
    .max(5, 'must be at most 5'),
  comment: multiLine(2000).default(''),
  business,
});
export type ReviewBody = z.input<typeof reviewBody>;

/** An order id in a path (`{id}`, `{orderId}`): anything that is not an order's id is a 404 later. */
export const orderIdParam = text(100);

/** GET /v1/firebase/order/order-number/{number}?email= */
export const trackQuery = z.object({
  business,
  number: text(100),
  email: optional(text(254).toLowerCase()),
});

/** Amounts of an order, each in whole units. */
export type OrderAmounts = { subtotal: number; deliveryFee: number; discount: number; total: number };

export type OrderProduct = {
  /** The product's id. */
  id: string;
  image: { src: string; alt: string };
  name: string;
  /** Unit price in naira (the size's price for a variable product). */
  price: number;
  quantity: number;
  size?: string;
  description?: string;
  SKU: string;
  design?: { name: string; title: string; price: number; quantity: number };
  /** (price + design price) × quantity, in naira. */
  lineTotal: number;
};

export type TimelineEntry = { status: OrderStatus | string; label: string; note: string; at: string };

export type Review = { rating: number; comment: string; authorName: string; createdAt: string };

/** The order as the client reads it (spec section 3, plus the shop's own fields). */
export type Order = {
  id: string;
  /** The short number shoppers and staff quote, e.g. RF-100234. */
  orderNumber: string;
  status: OrderStatus;
  /** Where the order's money is (lib/domain/order-lifecycle.ts). */
  paymentState: PaymentState;
  /** Paid in the built-in sandbox: no money was taken. */
  paymentTest: boolean;
  /** Derived from the payment state: 'not paid', 'awaiting confirmation', 'PART PAID - BALANCE DUE', 'PAID - GO AHEAD (…)', 'REFUND DUE (…)': see `isPaidStatus`. */
  paymentStatus: string;
  paymentMethod: PaymentMethodKey | null;
  /** YYYY-MM-DD, or '' when not chosen yet. */
  deliveryDate: string;
  deliveryMethod: DeliveryMethod | null;
  currency: (typeof CURRENCY_CODES)[number];
  /** Naira per unit of the currency, as used for this order's amounts. */
  conversionRate: number;
  /** In naira. */
  amounts: OrderAmounts;
  /** In the order's currency (naira / rate, rounded up, each amount on its own). */
  amountsInCurrency: OrderAmounts;
  /** Other states: the delivery fee is quoted by staff and not in the total. */
  deliveryFeeQuotedByStaff: boolean;
  coupon: { code: string; discount: number } | null;
  /**
   * Present on an unpaid order whose coupon the shop took off because it no longer applies
   * (expired, deactivated, used up, minimum no longer met), until the shopper applies another.
   * `reason` reads after 'Coupon X was removed: '.
   */
  couponRemoved?: { code: string; reason: string };
  orderProducts: OrderProduct[];
  client: { email: string; name: string; phone: string; phoneCountryCode: string };
  deliveryDetails: {
    recipientName: string;
    recipientPhone: string;
    recipientPhoneCountryCode: string;
    recipientAltPhone: string;
    recipientAltPhoneCountryCode: string;
    recipientAddress: string;
    state: string;
    zone: string;
  };
  /** '[Residence type] address'. */
  recipientAddress: string;
  deliveryMessage: string;
  purpose: string;
  adminNotes: string;
  /** Pick-up point code (LPI, LPL, APA), '' for deliveries. */
  despatchLocation: PickupCode | '';
  deliveryInstruction: string;
  pickupState: string;
  timeline: TimelineEntry[];
  review: Review | null;
  createdAt: string;
};

/** What the tracker answers for an order number. */
export type TrackedOrder = {
  orderNumber: string;
  status: OrderStatus;
  statusLabel: string;
  paymentStatus: string;
  deliveryDate: string;
  deliveryMethod: DeliveryMethod | null;
  despatchLocation: PickupCode | '';
  timeline: TimelineEntry[];
  items: { name: string; size?: string; quantity: number; image: { src: string; alt: string } }[];
  /** Whether the e-mail sent is the order's: only then the fields below are filled. */
  verified: boolean;
  /** With the e-mail: the order's id (to review it), recipient and whether it can be reviewed. */
  id?: string;
  recipient?: { name: string; address: string; phone: string };
  canReview?: boolean;
  review?: Review | null;
  /** With the e-mail, once delivered: the rider's photo (its address is its secret). */
  deliveryPhoto?: string | null;
};

/** A saved recipient (address book) of a logged-in shopper, in the user record's `recipients`. */
export type { SavedRecipient } from '@/lib/domain/accounts';

export { ORDER_STATUSES };
