/**
 * Order, coupon, tracking and review calls (spec sections 3 and 7), shared by the API client and
 * the routes. Every answer is the `{ data, error, message }` envelope; a failure carries `status`.
 *
 * - `POST /v1/firebase/order/create` {deliveryDate, cartItems, currency} → 201 `OrderCreated`.
 *   `deliveryDate` may be '' (guests send none). Items are priced from the catalogue: a `price`
 *   sent with an item must equal the catalogue's, or the call fails (400).
 * - `GET /v1/firebase/order/{id}` → `Order`; 404 'Order not found' for an unknown id.
 * - `PUT /v1/firebase/order/{id}` {deliveryDate, cartItems | null, currency} → `Order`; `null`
 *   items keep the items (date or currency change only), `[]` empties the order.
 * - `PUT /v1/firebase/order/checkout-order/{id}` `CheckoutOrderBody` → `CheckoutAnswer`.
 * - `PUT /v1/firebase/order/save-sender-info/{id}` `SaveSenderInfoBody` → `Order`.
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
 */
import { z } from 'zod';
import { CURRENCY_CODES } from '@/lib/domain/money';
import { MAX_ITEMS, MAX_QUANTITY } from '@/lib/domain/cart';
import {
  DELIVERY_METHODS,
  ORDER_STATUSES,
  PAYMENT_METHOD_KEYS,
  PICKUP_CODES,
  type DeliveryMethod,
  type OrderStatus,
  type PaymentMethodKey,
  type PickupCode,
} from '@/lib/domain/checkout';
import type { UserRecord } from '@/lib/contracts/auth';

export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';
export const ORDER_LOCKED_MESSAGE = 'This order can no longer be changed';

const currency = z.enum(CURRENCY_CODES, { message: `currency must be one of ${CURRENCY_CODES.join(', ')}` });
const business = z.string().trim().max(64).optional();
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
/** YYYY-MM-DD or '' (not chosen); the date rule itself is checked by the service. */
const day = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day written YYYY-MM-DD')]);

// A refinement rather than .int(): zod 4 reports .int() as `invalid_type`, which the route
// wrapper's message turns into "is required".
const quantity = z
  .number({ message: 'must be a number' })
  .refine((n) => Number.isInteger(n), 'must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_QUANTITY, `must be at most ${MAX_QUANTITY}`);

/** A cart item as the order calls take it: what was chosen, never what it costs. */
export const orderCartItemSchema = z.object({
  productId: text(100).min(1, 'must not be empty'),
  /** The design option's name (e.g. 'in-a-vase'); the cart's design object is accepted too. */
  design: z
    .union([text(100), z.object({ name: text(100) }).transform((d) => d.name)])
    .optional()
    .transform((d) => d || undefined),
  /** The size (variant name) for a variable product. */
  size: text(100).optional(),
  quantity,
  image: z.object({ src: text(2000), alt: text(300) }).optional(),
  SKU: text(100).min(1, 'must not be empty'),
  /** Optional: when sent, it must equal the catalogue's unit price. */
  price: z.number().finite().optional(),
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

export const orderCreateBody = z.object({
  deliveryDate: day.default(''),
  cartItems: orderCartItems.refine((items) => items.length > 0, 'the cart is empty'),
  currency,
  business,
});
export type OrderCreateBody = z.input<typeof orderCreateBody>;
export type OrderCreated = { id: string; deliveryDate: string; orderNumber: string };

export const orderUpdateBody = z.object({
  deliveryDate: day.default(''),
  cartItems: orderCartItems.nullable(),
  currency,
  business,
});
export type OrderUpdateBody = z.input<typeof orderUpdateBody>;

const phone = text(40);
const countryCode = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, 'must be a country code such as +234')
  .optional();

/** The recipient as the checkout form sends it (spec section 7). */
const recipientSchema = z.object({
  name: text(200).optional(),
  phone: phone.optional(),
  phoneCountryCode: countryCode,
  phoneAlt: phone.optional(),
  altPhoneCountryCode: countryCode,
  address: text(1000).optional(),
  state: text(40).optional(),
  residenceType: text(60).optional(),
  method: z.enum(DELIVERY_METHODS, { message: `must be ${DELIVERY_METHODS.join(' or ')}` }),
});

/** deliveryDetails (spec section 7; `recidenceType` is spelled as the spec spells it). */
const deliveryDetailsSchema = z.object({
  recidenceType: text(60).optional(),
  recipientAddress: text(1000).optional(),
  recipientName: text(200).optional(),
  recipientPhone: phone.optional(),
  recipientPhoneCountryCode: countryCode,
  recipientAltPhone: phone.optional(),
  recipientAltPhoneCountryCode: countryCode,
  state: text(40).optional(),
  zone: text(100).optional(),
});

export const orderDataSchema = z.object({
  deliveryInstruction: text(1000).optional(),
  deliveryDate: day,
  /** The shopper's additional information for the shop. */
  adminNotes: text(2000).optional(),
  /** The card message. */
  deliveryMessage: text(1000).optional(),
  /** Pick-up: the pickup point code. */
  despatchLocation: z.enum(PICKUP_CODES, { message: `must be one of ${PICKUP_CODES.join(', ')}` }).optional(),
  purpose: text(100).optional(),
  deliveryZone: text(100).optional(),
  pickupState: text(40).optional(),
  recipient: recipientSchema,
  deliveryDetails: deliveryDetailsSchema.optional(),
});
export type OrderData = z.input<typeof orderDataSchema>;

export const userDataSchema = z.object({
  name: text(200).optional(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'is too long')
    .pipe(z.email({ message: 'must be a valid e-mail address' }))
    .optional(),
  phone: phone.optional(),
  /** Only with shouldCreateAccount. */
  password: z.string().max(200, 'is too long').optional(),
  phoneCountryCode: countryCode,
});
export type UserData = z.input<typeof userDataSchema>;

export const checkoutOrderBody = z.object({
  shouldCreateAccount: z.boolean().default(false),
  shouldSaveAddress: z.boolean().default(false),
  orderData: orderDataSchema,
  userData: userDataSchema,
  currency,
  business,
});
export type CheckoutOrderBody = z.input<typeof checkoutOrderBody>;
/** The checked-out order, and the new account's user record when one was created. */
export type CheckoutAnswer = { order: Order; user: UserRecord | null; accountNotice?: string };

/** The sender fields of the checkout form, saved as the shopper leaves them (all optional). */
export const saveSenderInfoBody = z.object({
  senderName: text(200).optional(),
  senderEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'is too long')
    .pipe(z.union([z.literal(''), z.email({ message: 'must be a valid e-mail address' })]))
    .optional(),
  senderPhoneNumber: phone.optional(),
  senderCountryCode: countryCode,
  business,
});
export type SaveSenderInfoBody = z.input<typeof saveSenderInfoBody>;

export const updatePaymentDetailsBody = z.object({
  currency,
  paymentMethod: z.enum(PAYMENT_METHOD_KEYS, { message: `paymentMethod must be one of ${PAYMENT_METHOD_KEYS.join(', ')}` }),
  business,
});
export type UpdatePaymentDetailsBody = z.input<typeof updatePaymentDetailsBody>;

export const couponValidateBody = z.object({
  orderId: text(100).min(1, 'must not be empty'),
  code: text(40).min(1, 'code is required').transform((c) => c.toUpperCase()),
  business,
});
export type CouponValidateBody = z.input<typeof couponValidateBody>;

export const reviewBody = z.object({
  rating: z
    .number({ message: 'rating must be a number from 1 to 5' })
    .refine((n) => Number.isInteger(n), 'must be a whole number')
    .min(1, 'must be at least 1')
    .max(5, 'must be at most 5'),
  comment: text(2000).default(''),
  business,
});
export type ReviewBody = z.input<typeof reviewBody>;

export const trackQuery = z.object({
  business,
  email: z.string().trim().toLowerCase().max(254).optional(),
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
  /** 'not paid', 'awaiting confirmation', 'PAID - GO AHEAD (…)': see `isPaidStatus`. */
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
};

/** A saved recipient (address book) of a logged-in shopper, in the user record's `recipients`. */
export type SavedRecipient = {
  id: string;
  name: string;
  phone: string;
  phoneCountryCode: string;
  altPhone: string;
  altPhoneCountryCode: string;
  address: string;
  residenceType: string;
  state: string;
  zone: string;
};

export { ORDER_STATUSES };
