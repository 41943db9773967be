/**
 * The shop's database schema (Drizzle, PostgreSQL dialect). One schema serves the embedded
 * database (PGlite) and a PostgreSQL server alike; `drizzle-kit generate` turns it into the SQL
 * migrations under `drizzle/`.
 *
 * Money columns are integers in naira (the shop prices in whole naira). Later capabilities
 * (users, carts, orders, payments, coupons, reviews) add their own tables that reference
 * `products.id` and `product_variants.id`; nothing here has to change for them.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, PAYMENT_STATES } from '../../domain/order-lifecycle';
import { ALL_BRANCH_ROLES, STAFF_BRANCHES, STAFF_ROLES } from '../../domain/staff';
import { CHARGE_KINDS, CHARGE_STATUSES } from '../../domain/charges';

/** How a generated product picture is drawn; see `lib/samples/bouquet-art.ts`. */
export type ImageArt = {
  kind: 'bouquet' | 'box' | 'vase' | 'basket' | 'gift' | 'cake' | 'bottle' | 'bear' | 'plant' | 'balloon' | 'candle';
  /** Main petal or object colours, CSS hex. */
  palette: string[];
  /** Background colour, CSS hex. */
  background: string;
  /** Deterministic seed for placement and count of elements. */
  seed: number;
  /** Flower head style, when the picture has flowers. */
  flower?: 'rose' | 'chrysanthemum' | 'lily' | 'gerbera' | 'carnation' | 'million-stars' | 'mixed';
};

export const categories = pgTable('categories', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  intro: text('intro').notNull(),
  seoDescription: text('seo_description').notNull(),
  /** Navigation group it belongs to, e.g. 'Occasions', 'Gifts', 'Flower Types'. */
  navGroup: text('nav_group').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const designOptions = pgTable('design_options', {
  /** Stable key, sent as the cart item's design name (e.g. 'in-a-vase'). */
  name: text('name').primaryKey(),
  title: text('title').notNull(),
  price: integer('price').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    /** Full name; an en dash separates title and subtitle ("Red Velvet – 24 red roses"). */
    name: text('name').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull(),
    /** Lowest price a shopper can pay: the simple price, or the cheapest variant. */
    price: integer('price').notNull(),
    sku: text('sku').notNull(),
    type: text('type', { enum: ['simple', 'variable'] }).notNull(),
    active: boolean('active').notNull().default(true),
    inStock: boolean('in_stock').notNull().default(true),
    /** Featured items are drawn at random inside each group, groups in ascending order. */
    relevanceOrder: integer('relevance_order').notNull().default(100),
    /** Broad kind of product, the paginate call's `productClass` filter. */
    productClass: text('product_class', { enum: ['flowers', 'gifts', 'plants', 'accessories'] }).notNull(),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    budget: text('budget', { enum: ['regular', 'vip'] }).notNull(),
    flowerType: text('flower_type').array().notNull().default(sql`'{}'::text[]`),
    design: text('design').array().notNull().default(sql`'{}'::text[]`),
    packages: text('packages').array().notNull().default(sql`'{}'::text[]`),
    delivery: text('delivery').array().notNull().default(sql`'{}'::text[]`),
    flowerName: text('flower_name').array().notNull().default(sql`'{}'::text[]`),
    /** Design option names offered on this product (keys of `design_options`). */
    designOptions: text('design_options').array().notNull().default(sql`'{}'::text[]`),
    /** The lower-cased words of the name, kept by the database; what search matches against. */
    searchWords: text('search_words')
      .array()
      .generatedAlwaysAs(sql`regexp_split_to_array(lower("name"), '[[:space:][:punct:]–—]+')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    uniqueIndex('products_sku_key').on(t.sku),
    index('products_active_relevance_idx').on(t.active, t.relevanceOrder, t.name),
    index('products_active_price_idx').on(t.active, t.price),
    index('products_active_name_idx').on(t.active, t.name),
    index('products_categories_gin').using('gin', t.categories),
    index('products_search_words_gin').using('gin', t.searchWords),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Size label shown to the shopper: Standard, Deluxe, VIP. */
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    price: integer('price').notNull(),
    inStock: boolean('in_stock').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('product_variants_sku_key').on(t.sku), index('product_variants_product_idx').on(t.productId)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    alt: text('alt').notNull(),
    /** A generated sample picture's drawing (the seed's); null for an uploaded picture. */
    art: jsonb('art').$type<ImageArt>(),
    /**
     * An uploaded picture's stem in the media storage (`products/<32 hex>`): each width the
     * storefront uses is stored beside it as `<stem>-<width>.webp`. Null for a drawn picture.
     */
    storageKey: text('storage_key'),
  },
  (t) => [
    uniqueIndex('product_images_product_position_key').on(t.productId, t.position),
    check('product_images_art_or_upload', sql`(${t.art} IS NULL) <> (${t.storageKey} IS NULL)`),
  ],
);

/**
 * A product's former slugs: the product page at an old slug answers 301 to the current one, so
 * links and search results keep working after a rename. A slug is either a product's current
 * slug or a former one of exactly one product (the service keeps that true).
 */
export const productSlugRedirects = pgTable(
  'product_slug_redirects',
  {
    oldSlug: text('old_slug').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_slug_redirects_product_idx').on(t.productId)],
);

export const relatedProducts = pgTable(
  'related_products',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedId: uuid('related_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedId] })],
);

export const featuredGroups = pgTable('featured_groups', {
  /** birthday, gift, product, romance, occasion, valentine. */
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  featuredSlugs: text('featured_slugs').array().notNull(),
});

export const currencies = pgTable('currencies', {
  name: text('name', { enum: ['NGN', 'USD', 'GBP'] }).primaryKey(),
  sign: text('sign').notNull(),
  /** Naira per unit of this currency. */
  conversionRate: integer('conversion_rate').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** When the rate last changed (shown in the back office's settings). */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Small documents of shop settings: 'delivery' (delivery settings), 'alerts' (alert settings). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every word that occurs in a product name (filled by a trigger on products). Search expands each
 * word a shopper types into the known words it is a prefix of or a close typo of, then matches
 * products by their `search_words`: fuzzy matching runs over this small vocabulary, never over
 * every product.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
  },
  (t) => [index('search_terms_term_trgm').using('gin', sql`${t.term} gin_trgm_ops`)],
);

export const subscribers = pgTable('subscribers', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Shop accounts. The e-mail is stored lower-cased and is unique. `passwordHash` is an argon2id
 * PHC string; it is null for a legacy account imported without a usable password. A `legacy`
 * account must set a new password (login answers 'Upgrade is required for legacy user' and
 * e-mails a one-time password).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash'),
    legacy: boolean('legacy').notNull().default(false),
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    /** The shopper's phone from the account's profile ('' when none): pre-fills the checkout's sender. */
    phone: text('phone').notNull().default(''),
    phoneCountryCode: text('phone_country_code').notNull().default('+234'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * When the owner of the e-mail first proved it (a one-time password sent to it was entered).
     * Proving it revokes every token issued before, so an account someone else pre-registered
     * for this address keeps no access.
     */
    emailProvenAt: timestamp('email_proven_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), check('users_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/** Bearer tokens: only the SHA-256 of the token is stored. Revoked on password change. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Hex SHA-256 of the token the client holds. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How the login was made: password (login, signup, checkout account), otp (a one-time password), password-change. */
    via: text('via').notNull().default('password'),
  },
  (t) => [uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * The one live one-time password of an account (a new request replaces the row, which voids the
 * old code). Only a hash of the code is stored.
 */
export const otpCodes = pgTable('otp_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Wrong tries so far; at the limit the code is dead. */
  attempts: integer('attempts').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A logged-in shopper's cart: the spec's cart items, replaced whole on every sync. */
export const userCarts = pgTable('user_carts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  items: jsonb('items').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Events counted by the rate limiter (failed logins, wrong codes, code requests), one row per
 * event. `keyHash` is the SHA-256 of a key such as `login:email:ada@example.com`, so that e-mails
 * typed by strangers are not kept in clear. Rows older than a day are deleted as new ones arrive.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keyHash: text('key_hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_events_key_at_idx').on(t.keyHash, t.at), index('rate_limit_events_at_idx').on(t.at)],
);

// ---------------------------------------------------------------------------------------------
// Orders (issue 5). Money columns are whole naira; `*_in_currency` columns hold the same amounts
// in the order's currency (naira / conversion_rate, rounded up), with the rate used.

/**
 * An order. `id` is a random UUID (122 random bits): knowing it is what lets a shopper read and
 * change the order. `order_number` (RF-123456) is the short number shoppers and staff quote; it
 * alone never reveals personal details. Checkout fields are columns so that staff can query them.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    business: text('business').notNull(),
    /** The account that placed it, when logged in (or created at checkout). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Where the order is and where its money is (lib/domain/order-lifecycle.ts); written only by
     * `services/orders/lifecycle.ts`. The spec's `paymentStatus` wording is derived from them.
     */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('created'),
    paymentState: text('payment_state', { enum: PAYMENT_STATES }).notNull().default('unpaid'),
    /** The method key the money came by (a provider's, or the transfer staff confirmed); null until paid. */
    paidWith: text('paid_with'),
    /** Paid in the built-in sandbox: no money was taken. */
    paymentTest: boolean('payment_test').notNull().default(false),
    paymentMethod: text('payment_method'),
    currency: text('currency', { enum: ['NGN', 'USD', 'GBP'] }).notNull(),
    conversionRate: integer('conversion_rate').notNull(),
    subtotal: integer('subtotal').notNull().default(0),
    deliveryFee: integer('delivery_fee').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull().default(0),
    subtotalInCurrency: integer('subtotal_in_currency').notNull().default(0),
    deliveryFeeInCurrency: integer('delivery_fee_in_currency').notNull().default(0),
    discountInCurrency: integer('discount_in_currency').notNull().default(0),
    totalInCurrency: integer('total_in_currency').notNull().default(0),
    /** Other states: the fee is quoted by staff after the order is placed. */
    deliveryFeeQuotedByStaff: boolean('delivery_fee_quoted_by_staff').notNull().default(false),
    couponCode: text('coupon_code'),
    /** YYYY-MM-DD in Africa/Lagos; null until chosen. */
    deliveryDate: text('delivery_date'),
    /** 'delivery' or 'pick-up'; null until the checkout details are saved. */
    deliveryMethod: text('delivery_method'),
    state: text('state'),
    zone: text('zone'),
    /** Pickup point code (LPI, LPL, APA) for pick-up orders. */
    despatchLocation: text('despatch_location'),
    pickupState: text('pickup_state'),
    senderName: text('sender_name').notNull().default(''),
    /** Lower-cased. */
    senderEmail: text('sender_email').notNull().default(''),
    senderPhone: text('sender_phone').notNull().default(''),
    senderPhoneCountryCode: text('sender_phone_country_code').notNull().default('+234'),
    recipientName: text('recipient_name').notNull().default(''),
    recipientPhone: text('recipient_phone').notNull().default(''),
    recipientPhoneCountryCode: text('recipient_phone_country_code').notNull().default('+234'),
    recipientAltPhone: text('recipient_alt_phone').notNull().default(''),
    recipientAltPhoneCountryCode: text('recipient_alt_phone_country_code').notNull().default('+234'),
    residenceType: text('residence_type').notNull().default(''),
    recipientAddress: text('recipient_address').notNull().default(''),
    deliveryMessage: text('delivery_message').notNull().default(''),
    purpose: text('purpose').notNull().default(''),
    adminNotes: text('admin_notes').notNull().default(''),
    deliveryInstruction: text('delivery_instruction').notNull().default(''),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    /**
     * When the order last took its place on its delivery day (checkout, a new day, a payment
     * start): an unpaid order holds it for SLOT_HOLD_MINUTES from then (lib/domain/capacity.ts).
     */
    slotHeldAt: timestamp('slot_held_at', { withTimezone: true }),
    /** The rider who took it out (set by the lifecycle's dispatch); null before. */
    riderId: uuid('rider_id').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    /** The storage key of the photo the rider took at delivery (lib/server/media/storage.ts); null before. */
    deliveryPhoto: text('delivery_photo'),
    /** Who received it, as the rider recorded at delivery ('' before, or for a collection with no name). */
    deliveredTo: text('delivered_to').notNull().default(''),
    /**
     * When the one e-mail about an unfinished payment went to the sender (lib/server/services/
     * orders/recovery.ts); null if none went. An order paid after it was recovered.
     */
    recoveryMailedAt: timestamp('recovery_mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    index('orders_user_idx').on(t.userId),
    index('orders_status_idx').on(t.status, t.createdAt),
    // The back office's board: orders that reached checkout by delivery day, and its searches.
    index('orders_board_day_idx').on(t.deliveryDate, t.createdAt).where(sql`${t.checkedOutAt} IS NOT NULL`),
    index('orders_sender_email_idx').on(t.senderEmail),
    index('orders_sender_phone_idx').on(t.senderPhone),
    index('orders_recipient_phone_idx').on(t.recipientPhone),
    index('orders_recipient_alt_phone_idx').on(t.recipientAltPhone),
    index('orders_board_state_idx').on(t.status, t.paymentState, t.deliveryDate).where(sql`${t.checkedOutAt} IS NOT NULL`),
    index('orders_recipient_name_trgm').using('gin', sql`${t.recipientName} gin_trgm_ops`),
    // The unfinished payments the recovery scan may write to (lib/server/services/orders/recovery.ts).
    index('orders_recovery_due_idx')
      .on(t.checkedOutAt)
      .where(sql`${t.recoveryMailedAt} IS NULL AND ${t.paymentState} = 'unpaid' AND ${t.status} IN ('created', 'awaiting_payment')`),
    check('orders_total_not_negative', sql`${t.total} >= 0 AND ${t.totalInCurrency} >= 0 AND ${t.discount} >= 0`),
    check('orders_status_known', sql.raw(`"status" IN (${ORDER_STATUSES.map((v) => `'${v}'`).join(', ')})`)),
    check('orders_payment_state_known', sql.raw(`"payment_state" IN (${PAYMENT_STATES.map((v) => `'${v}'`).join(', ')})`)),
  ],
);

/** The lines of an order, priced from the catalogue when written. Replaced whole on a cart update. */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    variantId: uuid('variant_id').references(() => productVariants.id),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Size label (variant name), '' for simple products. */
    size: text('size').notNull().default(''),
    image: jsonb('image').$type<{ src: string; alt: string }>().notNull(),
    /** Unit price in naira (the variant's for a variable product). */
    unitPrice: integer('unit_price').notNull(),
    designName: text('design_name'),
    designTitle: text('design_title'),
    designPrice: integer('design_price').notNull().default(0),
    quantity: integer('quantity').notNull(),
    /** (unit price + design price) × quantity. */
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    uniqueIndex('order_items_order_sku_key').on(t.orderId, t.sku),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_range', sql`${t.quantity} BETWEEN 1 AND 99`),
  ],
);

/** The order's timeline: one row per status change (and notable events such as a payment choice). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_at_idx').on(t.orderId, t.at)],
);

/**
 * Who changed an order's state, and from what to what: one row per transition, written in the
 * same transaction as the change by `services/orders/lifecycle.ts`. Rows are never changed or
 * removed (triggers refuse UPDATE, DELETE and TRUNCATE).
 */
export const orderAudit = pgTable(
  'order_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** lib/domain/order-lifecycle.ts OrderEventType. */
    event: text('event').notNull(),
    /** shopper, provider, staff, api_token, system. */
    actorKind: text('actor_kind').notNull(),
    /** The provider's key or the staff member's id; '' otherwise. */
    actorId: text('actor_id').notNull().default(''),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    fromPayment: text('from_payment').notNull(),
    toPayment: text('to_payment').notNull(),
    note: text('note').notNull().default(''),
    /** The client address the change came from (staff and shoppers' calls), '' for providers' callbacks and the shop itself. */
    address: text('address').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_audit_order_at_idx').on(t.orderId, t.at),
    // The board's 'Delivery failed' column asks, per order being prepared, whether a delivery failed once.
    index('order_audit_failed_delivery_idx').on(t.orderId).where(sql`${t.event} = 'delivery_failed'`),
  ],
);

/**
 * Money staff saw arrive by bank transfer or Bitcoin for an order: one row per confirmation, with
 * the amount received in the order's currency and the bank's reference. Their sum against the
 * order's total decides between part paid and paid (the lifecycle's confirm_transfer).
 */
export const transferReceipts = pgTable(
  'transfer_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency', { enum: ['NGN', 'USD', 'GBP'] }).notNull(),
    /** The bank's (or the Bitcoin transaction's) reference, as staff read it. */
    reference: text('reference').notNull(),
    /** The staff member who confirmed it; null for the API token. */
    staffId: uuid('staff_id').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transfer_receipts_order_idx').on(t.orderId, t.at),
    // One bank reference confirms money once for an order.
    uniqueIndex('transfer_receipts_order_reference_key').on(t.orderId, t.reference),
    check('transfer_receipts_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * Every money-in line of an uploaded bank statement that was matched (lib/server/services/
 * backoffice/bank-statement.ts): its hash (SHA-256 of the normalised line, so the same line
 * uploaded again changes nothing), what it said, and its outcome: `confirmed` (the order it paid,
 * through the lifecycle) or `review` (a near miss for a person: `reason`, the orders it named and
 * the orders suggested for it), until a member marks it as dealt with (`handled_at`).
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineHash: text('line_hash').notNull(),
    currency: text('currency', { enum: ['NGN', 'USD', 'GBP'] }).notNull(),
    format: text('format', { enum: ['gtbank', 'generic'] }).notNull(),
    /** The statement's row number in its file (the header is row 1). */
    fileRow: integer('file_row').notNull(),
    lineDate: text('line_date').notNull(),
    narration: text('narration').notNull(),
    reference: text('reference').notNull().default(''),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    outcome: text('outcome', { enum: ['confirmed', 'review'] }).notNull(),
    reason: text('reason'),
    message: text('message').notNull().default(''),
    /** The order a confirmed line paid. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    namedOrderIds: uuid('named_order_ids').array().notNull().default(sql`'{}'::uuid[]`),
    suggestedOrderIds: uuid('suggested_order_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** The member who uploaded the statement. */
    staffId: uuid('staff_id').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    /** A near miss a member marked as dealt with (it leaves the list), and who. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('statement_lines_hash_key').on(t.lineHash),
    index('statement_lines_outcome_idx').on(t.outcome, t.importedAt),
    check('statement_lines_amount_positive', sql`${t.amountMinor} > 0`),
    check('statement_lines_handled_review', sql`${t.handledAt} is null or ${t.outcome} = 'review'`),
    check('statement_lines_outcome_reason', sql`(${t.outcome} = 'confirmed') = (${t.reason} is null)`),
  ],
);

/** Staff's internal notes on an order (never shown to shoppers), append-only, newest last. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The staff member who wrote it; null for the API token. */
    staffId: uuid('staff_id').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.at)],
);

/** Discount codes. `code` is stored upper-case. */
export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** Percent (1-100) or naira. */
    amount: integer('amount').notNull(),
    /** Smallest order subtotal in naira it applies to. */
    minAmount: integer('min_amount').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** How many orders may use it; null for no limit. */
    usageLimit: integer('usage_limit'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupons_code_upper', sql`${t.code} = upper(${t.code})`),
    check('coupons_amount_range', sql`${t.amount} > 0 AND (${t.kind} <> 'percent' OR ${t.amount} <= 100)`),
  ],
);

/** A coupon taken by an order (one coupon per order). Counted against the coupon's usage limit. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_redemptions_code_idx').on(t.couponCode)],
);

/** One review per delivered order, shown on the pages of the order's products. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    /** The name shown with the review: the sender's first name. */
    authorName: text('author_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reviews_order_key').on(t.orderId), check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`)],
);

/** A logged-in shopper's saved recipients (address book). */
export const recipients = pgTable(
  'recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    phoneCountryCode: text('phone_country_code').notNull().default('+234'),
    altPhone: text('alt_phone').notNull().default(''),
    altPhoneCountryCode: text('alt_phone_country_code').notNull().default('+234'),
    address: text('address').notNull().default(''),
    residenceType: text('residence_type').notNull().default(''),
    state: text('state').notNull().default(''),
    zone: text('zone').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Saving the same recipient twice updates the one row.
  (t) => [uniqueIndex('recipients_user_name_phone_key').on(t.userId, sql`lower(${t.name})`, t.phone)],
);

// ---------------------------------------------------------------------------------------------
// Payments (issue 6)

/**
 * One attempt to pay an order with a provider. Every attempt has its own `reference` (sent to
 * the provider as its transaction reference); the pair (provider, reference) is unique, so a
 * webhook or callback that arrives twice or concurrently finds the one row and changes the
 * order once. `amount_minor` and `currency` are what was asked (the order's total in its
 * currency, in the currency's minor unit); a confirmation must match them.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** paystack, flutterwave, payPal, monnify, or a manual method key. */
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency', { enum: ['NGN', 'USD', 'GBP'] }).notNull(),
    /** started, succeeded, failed, cancelled, mismatch (confirmed but not for the asked amount/currency), claimed (manual: shopper says sent). */
    status: text('status').notNull().default('started'),
    /** The provider's own id for the transaction (Flutterwave transaction id, PayPal order id, Monnify transaction reference). */
    providerTransactionId: text('provider_transaction_id'),
    /** Paid through the built-in sandbox (no real money): shown as a test payment everywhere. */
    sandbox: boolean('sandbox').notNull().default(false),
    /** Why it failed or did not match, in words staff can read. */
    note: text('note').notNull().default(''),
    /** The extra charge this attempt pays (a redelivery fee, a fee difference, a quote); null: the order itself. */
    chargeId: uuid('charge_id').references((): AnyPgColumn => orderCharges.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_provider_reference_key').on(t.provider, t.reference),
    index('payment_attempts_order_idx').on(t.orderId, t.createdAt),
    // At most one successful attempt per order, and per charge: a second confirmation can never pay twice.
    uniqueIndex('payment_attempts_one_success_key').on(t.orderId).where(sql`${t.status} = 'succeeded' AND ${t.chargeId} IS NULL`),
    uniqueIndex('payment_attempts_one_charge_success_key').on(t.chargeId).where(sql`${t.status} = 'succeeded' AND ${t.chargeId} IS NOT NULL`),
  ],
);

/**
 * Money asked of the sender after the order was paid, or owed back to them, apart from the order's
 * own total (lib/domain/charges.ts): a redelivery fee after a failed delivery, the fee difference
 * of a changed date or address, a quoted fee for another state. A charge is paid through its pay
 * link (the SHA-256 of its random token is kept), or marked paid or waived by staff; an amount
 * owed back is recorded refunded by staff.
 */
export const orderCharges = pgTable(
  'order_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CHARGE_KINDS }).notNull(),
    status: text('status', { enum: CHARGE_STATUSES }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency', { enum: ['NGN', 'USD', 'GBP'] }).notNull(),
    /** What it is for, as the sender reads it ('Redelivery after a failed delivery: nobody at the gate'). */
    reason: text('reason').notNull(),
    /** SHA-256 (hex) of the pay link's token; null for money owed back. */
    tokenHash: text('token_hash'),
    /** How it was settled: the payment's method key, or staff's words. */
    settledWith: text('settled_with'),
    /** The payment or refund reference. */
    reference: text('reference').notNull().default(''),
    /** Paid in the built-in sandbox: no money was taken. */
    sandbox: boolean('sandbox').notNull().default(false),
    createdBy: uuid('created_by').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('order_charges_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('order_charges_token_key').on(t.tokenHash),
    check('order_charges_amount_positive', sql`${t.amountMinor} > 0`),
    check('order_charges_kind_known', sql.raw(`"kind" IN (${CHARGE_KINDS.map((v) => `'${v}'`).join(', ')})`)),
    check('order_charges_status_known', sql.raw(`"status" IN (${CHARGE_STATUSES.map((v) => `'${v}'`).join(', ')})`)),
  ],
);

// ---------------------------------------------------------------------------------------------
// Staff and access (issue 13). Staff accounts live apart from shoppers' `users`; every secret a
// browser holds (session, device, e-mailed code) is stored as a SHA-256 digest only.

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * A staff member of the back office. `email` is lower-cased and unique; `passwordHash` is an
 * argon2id PHC string, null for a member the owner invited who has not chosen a password yet
 * (they sign in with the e-mailed code, then choose one). `branch` null: every branch (owners
 * and managers only). An inactive member cannot sign in, and their sessions stop working.
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    branch: text('branch', { enum: STAFF_BRANCHES }),
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who created this one; null when created by the `staff:add` command. */
    createdBy: uuid('created_by'),
  },
  (t) => [
    uniqueIndex('staff_email_key').on(t.email),
    check('staff_email_lower', sql`${t.email} = lower(${t.email})`),
    check('staff_role_known', sql.raw(`"role" IN (${quoted(STAFF_ROLES)})`)),
    check('staff_branch_known', sql.raw(`"branch" IS NULL OR "branch" IN (${quoted(STAFF_BRANCHES)})`)),
    check('staff_branch_needed', sql.raw(`"branch" IS NOT NULL OR "role" IN (${quoted(ALL_BRANCH_ROLES)})`)),
  ],
);

/**
 * Signed-in browsers: the SHA-256 of the random token in the `staff_session` cookie. A session
 * ends at logout (`revoked_at`), 12 hours after `last_seen_at` (idle) or 7 days after
 * `created_at` (absolute), whichever comes first.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_sessions_token_hash_key').on(t.tokenHash), index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Browsers a staff member has proven with an e-mailed code: the SHA-256 of the random token in
 * the `staff_device` cookie. A password login from a known device needs no code.
 */
export const staffDevices = pgTable(
  'staff_devices',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastUsed: timestamp('last_used', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.deviceHash] }), index('staff_devices_device_idx').on(t.deviceHash)],
);

/**
 * The one live sign-in code of a staff member (a new one replaces the row, voiding the old code):
 * its hash, expiry, wrong tries so far (dead at 5) and when it was used.
 */
export const staffCodes = pgTable('staff_codes', {
  staffId: uuid('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** A staff member's fields as the staff audit records them before and after a change. */
export type StaffAuditFields = { name: string; role: string; branch: string | null; active: boolean };

/**
 * Who changed which staff member, how, and from what to what: one row per addition, change,
 * deactivation, reactivation or invitation sent, written in the same transaction as the change
 * (lib/server/services/staff/manage.ts, auth.ts). `actor_id` null: the `staff:add` command. Rows
 * are never changed or removed (triggers refuse UPDATE, DELETE and TRUNCATE, as for order_audit).
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => staff.id),
    actorId: uuid('actor_id').references((): AnyPgColumn => staff.id),
    /** added, changed, deactivated, reactivated, invitation_sent. */
    action: text('action').notNull(),
    before: jsonb('before').$type<StaffAuditFields>(),
    after: jsonb('after').$type<StaffAuditFields>(),
    /** The client address the change came from; '' for the command. */
    address: text('address').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_audit_at_idx').on(t.at)],
);

/**
 * Every change to shopper-facing content (products now; categories, pictures and settings as the
 * back office learns to change them): which thing, what was done, its fields before and after,
 * who (`actor_id` null for a command) and from which address, written in the change's own
 * transaction (lib/server/services/backoffice/content-audit.ts). Rows are never changed or
 * removed (triggers refuse UPDATE, DELETE and TRUNCATE, as for staff_audit).
 */
export const contentAudit = pgTable(
  'content_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What kind of thing changed: 'product' (later 'category', 'settings', …). */
    entity: text('entity').notNull(),
    /** Its id (a product's uuid, a settings document's name). */
    entityId: text('entity_id').notNull(),
    /** e.g. 'updated'. */
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    actorId: uuid('actor_id').references((): AnyPgColumn => staff.id),
    /** The client address the change came from; '' for a command. */
    address: text('address').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_audit_entity_idx').on(t.entity, t.entityId, t.at), index('content_audit_at_idx').on(t.at)],
);

// ---------------------------------------------------------------------------------------------
// Growing past one process (issue 16).

/**
 * The transactional outbox for e-mail: a message is written here in the same transaction as the
 * change it tells of (an order paid, a code issued), together with a job on the queue
 * (lib/server/jobs) that sends it. A row is sent at most once: a sender first claims it for a
 * short lease (`claimed_until`), and `sent_at` is set once the SMTP server accepted it; the
 * message itself (addresses, names, codes) is cleared then, the subject and times kept.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the mail is ('order-paid', 'otp', ...): logs and metrics name mails by it. */
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    /** `{ to, subject, text, html, headers }`; null once sent. */
    message: jsonb('message').$type<{ to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The last failure's class (e.g. 'ECONNREFUSED'), never the server's text. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.createdAt).where(sql`${t.sentAt} is null`)],
);

/**
 * 'Remind me next year' (lib/server/services/reminders.ts): one per order, e-mailed to the
 * order's sender seven days and one day before the occasion comes round again, every year until
 * stopped (the account's Stop, or the e-mail's unsubscribe link: `mail_opt_outs`).
 */
export const occasionReminders = pgTable(
  'occasion_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Lower-cased: the order's sender e-mail when the reminder was asked for. */
    email: text('email').notNull(),
    /** The order's purpose ('Birthday', "Mother's Day"…), or 'Occasion' when it had none. */
    occasion: text('occasion').notNull(),
    recipientName: text('recipient_name').notNull(),
    /** The next day the occasion comes round (YYYY-MM-DD, Lagos): the delivery day's date in a later year. */
    nextOn: text('next_on').notNull(),
    /** The `next_on` whose seven-day and one-day e-mails went (each once per year). */
    weekSentFor: text('week_sent_for'),
    daySentFor: text('day_sent_for'),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('occasion_reminders_order_key').on(t.orderId), index('occasion_reminders_email_idx').on(t.email), index('occasion_reminders_next_idx').on(t.nextOn).where(sql`${t.stoppedAt} IS NULL`)],
);

/**
 * What an address asked not to be sent (lib/server/mail/opt-out.ts), by a link in one of the
 * shop's e-mails (RFC 8058 one-click, or the page it opens), so it works for guests too: the
 * signed link proves the address. `topic` is 'recovery' (unfinished payments), 'reminders'
 * (every occasion reminder), 'reminder:<id>' (one of them) or 'all' (everything that is not
 * about an order paid or a code asked for).
 */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    /** Lower-cased. */
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.topic] })],
);

/**
 * `Idempotency-Key` records of the calls that create something (an order, a payment attempt):
 * the first answer is kept so that a client retrying after a timeout gets it again instead of a
 * second order or attempt. Keyed by the call and a hash of the key; `request_hash` ties the key
 * to the request it came with (the same key with another body is refused).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    status: integer('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A running request's claim; a crashed one's key can be taken again after it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.keyHash] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
