/**
 * The server's configuration, read once from environment variables and validated with a clear
 * message for each bad value. Every variable is listed in `.env.example`. Values here never reach
 * the browser: only what the handshake chooses to expose does.
 */
import path from 'node:path';
import { z } from 'zod';

const text = (fallback: string) => z.string().trim().min(1).default(fallback);
/** An optional secret or id: unset and '' both mean "not configured". */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset for the embedded database)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: text('.data'),
  SITE_URL: z.string().trim().url().default('http://localhost:3000'),
  BUSINESS_ID: text('regal'),
  BRAND_NAME: text('Regal Flowers'),

  LAGOS_BRANCH_NAME: text('Lagos Head Office'),
  LAGOS_BRANCH_ADDRESS: text('81b Lafiaji Way, Dolphin Estate, Ikoyi, Lagos'),
  LAGOS_BRANCH_PHONE: text('+234 803 000 0001'),
  LAGOS_BRANCH_WHATSAPP: text('+234 803 000 0001'),
  LAGOS_BRANCH_MAP_URL: text('https://maps.google.com/?q=Dolphin+Estate+Ikoyi+Lagos'),
  LAGOS_BRANCH_HOURS: text('Open 24 hours, 7 days a week (online); walk-ins 7am to 9pm daily'),
  ABUJA_BRANCH_NAME: text('Abuja Branch'),
  ABUJA_BRANCH_ADDRESS: text('5 Nairobi Street, off Aminu Kano Crescent, Wuse 2, Abuja'),
  ABUJA_BRANCH_PHONE: text('+234 803 000 0002'),
  ABUJA_BRANCH_WHATSAPP: text('+234 803 000 0002'),
  ABUJA_BRANCH_MAP_URL: text('https://maps.google.com/?q=Wuse+2+Abuja'),
  ABUJA_BRANCH_HOURS: text('Open 24 hours, 7 days a week (online); walk-ins 8am to 8pm daily'),
  PICKUP_IKOYI_ADDRESS: text('81b Lafiaji Way, Dolphin Estate, Ikoyi, Lagos'),
  PICKUP_LEKKI_ADDRESS: text('12 Admiralty Way, Lekki Phase 1, Lagos'),
  PICKUP_ABUJA_ADDRESS: text('5 Nairobi Street, off Aminu Kano Crescent, Wuse 2, Abuja'),
  ADMIN_TOKEN: z
    .string()
    .trim()
    .min(24, 'must be at least 24 characters (leave it unset to turn staff calls off)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONTACT_EMAIL: z.string().trim().email().default('info@example.com'),

  PAYMENT_BANK_NAME: text('Guaranty Trust Bank (GTBank)'),
  PAYMENT_BANK_ACCOUNT_NAME: text('Regal Flowers Ltd'),
  PAYMENT_BANK_ACCOUNT_NUMBER: text('0000000000'),
  PAYMENT_WALLET_EMAIL: z.string().trim().email().default('payments@example.com'),
  PAYMENT_BITCOIN_ADDRESS: text('bc1q-sample-address-set-PAYMENT_BITCOIN_ADDRESS'),

  PAYSTACK_SECRET_KEY: optionalText,
  PAYSTACK_BASE_URL: z.string().trim().url().default('https://api.paystack.co'),
  FLUTTERWAVE_SECRET_KEY: optionalText,
  FLUTTERWAVE_WEBHOOK_HASH: optionalText,
  FLUTTERWAVE_BASE_URL: z.string().trim().url().default('https://api.flutterwave.com'),
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_WEBHOOK_ID: optionalText,
  PAYPAL_BASE_URL: z.string().trim().url().default('https://api-m.paypal.com'),
  MONNIFY_API_KEY: optionalText,
  MONNIFY_SECRET_KEY: optionalText,
  MONNIFY_CONTRACT_CODE: optionalText,
  MONNIFY_BASE_URL: z.string().trim().url().default('https://api.monnify.com'),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(15_000),
  LEAD_BANK_ACCOUNT_NAME: text('Regal Flowers LLC'),
  LEAD_BANK_ACCOUNT_NUMBER: text('000000000000'),
  LEAD_BANK_ROUTING_NUMBER: text('000000000'),
  NATWEST_ACCOUNT_NAME: text('Regal Flowers UK Ltd'),
  NATWEST_ACCOUNT_NUMBER: text('00000000'),
  NATWEST_SORT_CODE: text('00-00-00'),

  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must look like smtp://user:password@host:587 or smtps://… (leave it unset for the dev outbox)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().trim().min(3).optional().or(z.literal('').transform(() => undefined)),
  AUTH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('0')
    .transform((v) => (v === '' || v === 'false' ? '0' : v))
    .pipe(
      z
        .string()
        .regex(/^\d{1,2}$/, 'must be the number of proxies in front of the shop (0 when clients connect directly, 1 behind one nginx)')
        .transform(Number),
    ),
  CORS_ORIGINS: z
    .string()
    .trim()
    .default('')
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const item of v.split(',').map((o) => o.trim()).filter(Boolean)) {
        let origin: string | null = null;
        try {
          const url = new URL(item);
          origin = /^https?:$/.test(url.protocol) && url.origin === item.replace(/\/+$/, '').toLowerCase() ? url.origin : null;
        } catch {
          origin = null;
        }
        if (!origin) ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin such as https://shop.example.com (scheme, host and port only)` });
        else origins.push(origin);
      }
      return origins;
    }),
  MAX_ORDER_TOTAL_NAIRA: z.coerce.number().int().min(1000).max(1_000_000_000).default(10_000_000),
  INTERNAL_API_KEY: z
    .string()
    .trim()
    .min(32, 'must be at least 32 characters (leave it unset when pages call the API in the same process)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(24, 'must be at least 24 characters (leave it unset to turn /metrics off)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MEDIA_S3_BUCKET: optionalText,
  MEDIA_S3_ENDPOINT: z.string().trim().url().optional().or(z.literal('').transform(() => undefined)),
  MEDIA_S3_REGION: text('us-east-1'),
  MEDIA_S3_ACCESS_KEY_ID: optionalText,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalText,
  MEDIA_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''])
    .default('')
    .transform((v) => v === 'true' || v === '1'),
  MEDIA_S3_PREFIX: z.string().trim().default(''),
  SHOP_CLOCK_START: z.iso
    .datetime({ offset: true, message: 'must be an ISO time such as 2027-03-02T12:46:00Z (tests only; leave it unset)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  /** PostgreSQL connection string, or undefined for the embedded database. */
  databaseUrl: string | undefined;
  /** Absolute directory for the embedded database and generated media. */
  dataDir: string;
  siteUrl: string;
  businessId: string;
  brandName: string;
  contactEmail: string;
  /**
   * The branches and payment details as the environment gives them: the first seed of the `shop`
   * settings document, used until the back office first saves it (and by the static 404 page).
   * Readers go through `readShopDetails()` (lib/server/services/settings.ts), never these.
   */
  branches: Branch[];
  paymentInfo: PaymentInfo;
  /** Street address of each pickup point, by code (LPI, LPL, APA). */
  pickupAddresses: Record<'LPI' | 'LPL' | 'APA', string>;
  /** Bearer token for staff calls (`/v1/admin/...`); undefined turns them off. */
  adminToken: string | undefined;
  /** Payment providers: keys (undefined = not configured) and API base URLs. */
  payments: PaymentsConfig;
  /** SMTP server for outgoing mail; undefined writes mail to the dev outbox (`DATA_DIR/outbox`). */
  smtpUrl: string | undefined;
  /** Sender of the shop's e-mails. */
  mailFrom: string;
  /** How long a bearer token stays valid after login. */
  authTokenTtlDays: number;
  /**
   * How many proxies sit in front of the shop: 0 takes the socket's address as the client's; N
   * takes the hop N places from the right of X-Forwarded-For (what the nearest proxy saw).
   */
  trustProxy: number;
  /** Other sites' origins (exact, lower-case) whose browsers may call the API (CORS). */
  corsOrigins: string[];
  /** The largest order total the shop takes, in naira (400 above it). */
  maxOrderTotalNaira: number;
  /**
   * The secret with which server-rendered pages prove, to the API, the shopper's address they
   * forward (tracker lookups); unset: a random one per process (pages and API in one process).
   */
  internalApiKey: string | undefined;
  /** Bearer token for `/metrics` (Prometheus); undefined turns the endpoint off (404). */
  metricsToken: string | undefined;
  /**
   * Browser tests only: the instant the server's clock (lib/server/security/clock.ts) starts from
   * and runs on; ignored when the operator runs in production (`isLiveProduction()`).
   */
  clockStart: Date | undefined;
  /** pino's level for the server's JSON logs ('silent' under tests unless LOG_LEVEL says otherwise). */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** S3-compatible storage for uploaded pictures; undefined keeps them on local disk (DATA_DIR/media). */
  mediaS3:
    | {
        bucket: string;
        /** e.g. http://127.0.0.1:9000 for a self-hosted S3-compatible server; unset: AWS. */
        endpoint: string | undefined;
        region: string;
        /** Unset: the SDK's default credential chain (environment, instance role). */
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        /** Path-style addresses (endpoint/bucket/key), which most self-hosted servers need. */
        forcePathStyle: boolean;
        /** Prepended to every key, e.g. 'shop/' to share a bucket. */
        prefix: string;
      }
    | undefined;
};

export type Branch = {
  key: 'lagos' | 'abuja';
  name: string;
  address: string;
  phone: string;
  whatsapp: string;
  mapUrl: string;
  hours: string;
};

export type PaymentInfo = {
  bankName: string;
  bankAccountName: string;
  bankAccountNumber: string;
  walletEmail: string;
  bitcoinAddress: string;
};

export type PaymentsConfig = {
  paystack: { secretKey: string | undefined; baseUrl: string };
  flutterwave: { secretKey: string | undefined; webhookHash: string | undefined; baseUrl: string };
  payPal: { clientId: string | undefined; clientSecret: string | undefined; webhookId: string | undefined; baseUrl: string };
  monnify: { apiKey: string | undefined; secretKey: string | undefined; contractCode: string | undefined; baseUrl: string };
  /** How long a call to a provider may take before the shopper is told to try again. */
  timeoutMs: number;
  /** Manual transfer accounts' first seed, like `paymentInfo` (the `shop` settings document holds them once saved). */
  leadBank: { accountName: string; accountNumber: string; routingNumber: string };
  natwest: { accountName: string; accountNumber: string; sortCode: string };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment into a `Config`; throws `ConfigError` listing every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration (see .env.example):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    siteUrl: e.SITE_URL.replace(/\/+$/, ''),
    businessId: e.BUSINESS_ID,
    brandName: e.BRAND_NAME,
    contactEmail: e.CONTACT_EMAIL,
    branches: [
      {
        key: 'lagos',
        name: e.LAGOS_BRANCH_NAME,
        address: e.LAGOS_BRANCH_ADDRESS,
        phone: e.LAGOS_BRANCH_PHONE,
        whatsapp: e.LAGOS_BRANCH_WHATSAPP,
        mapUrl: e.LAGOS_BRANCH_MAP_URL,
        hours: e.LAGOS_BRANCH_HOURS,
      },
      {
        key: 'abuja',
        name: e.ABUJA_BRANCH_NAME,
        address: e.ABUJA_BRANCH_ADDRESS,
        phone: e.ABUJA_BRANCH_PHONE,
        whatsapp: e.ABUJA_BRANCH_WHATSAPP,
        mapUrl: e.ABUJA_BRANCH_MAP_URL,
        hours: e.ABUJA_BRANCH_HOURS,
      },
    ],
    paymentInfo: {
      bankName: e.PAYMENT_BANK_NAME,
      bankAccountName: e.PAYMENT_BANK_ACCOUNT_NAME,
      bankAccountNumber: e.PAYMENT_BANK_ACCOUNT_NUMBER,
      walletEmail: e.PAYMENT_WALLET_EMAIL,
      bitcoinAddress: e.PAYMENT_BITCOIN_ADDRESS,
    },
    pickupAddresses: { LPI: e.PICKUP_IKOYI_ADDRESS, LPL: e.PICKUP_LEKKI_ADDRESS, APA: e.PICKUP_ABUJA_ADDRESS },
    adminToken: e.ADMIN_TOKEN,
    payments: {
      paystack: { secretKey: e.PAYSTACK_SECRET_KEY, baseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, '') },
      flutterwave: { secretKey: e.FLUTTERWAVE_SECRET_KEY, webhookHash: e.FLUTTERWAVE_WEBHOOK_HASH, baseUrl: e.FLUTTERWAVE_BASE_URL.replace(/\/+$/, '') },
      payPal: { clientId: e.PAYPAL_CLIENT_ID, clientSecret: e.PAYPAL_CLIENT_SECRET, webhookId: e.PAYPAL_WEBHOOK_ID, baseUrl: e.PAYPAL_BASE_URL.replace(/\/+$/, '') },
      monnify: { apiKey: e.MONNIFY_API_KEY, secretKey: e.MONNIFY_SECRET_KEY, contractCode: e.MONNIFY_CONTRACT_CODE, baseUrl: e.MONNIFY_BASE_URL.replace(/\/+$/, '') },
      timeoutMs: e.PAYMENT_TIMEOUT_MS,
      leadBank: { accountName: e.LEAD_BANK_ACCOUNT_NAME, accountNumber: e.LEAD_BANK_ACCOUNT_NUMBER, routingNumber: e.LEAD_BANK_ROUTING_NUMBER },
      natwest: { accountName: e.NATWEST_ACCOUNT_NAME, accountNumber: e.NATWEST_ACCOUNT_NUMBER, sortCode: e.NATWEST_SORT_CODE },
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.BRAND_NAME} <no-reply@${mailDomain(e.CONTACT_EMAIL)}>`,
    authTokenTtlDays: e.AUTH_TOKEN_TTL_DAYS,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    maxOrderTotalNaira: e.MAX_ORDER_TOTAL_NAIRA,
    internalApiKey: e.INTERNAL_API_KEY,
    metricsToken: e.METRICS_TOKEN,
    clockStart: e.SHOP_CLOCK_START ? new Date(e.SHOP_CLOCK_START) : undefined,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    mediaS3: e.MEDIA_S3_BUCKET
      ? {
          bucket: e.MEDIA_S3_BUCKET,
          endpoint: e.MEDIA_S3_ENDPOINT,
          region: e.MEDIA_S3_REGION,
          accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID,
          secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE,
          prefix: e.MEDIA_S3_PREFIX,
        }
      : undefined,
  };
}

function mailDomain(contactEmail: string): string {
  return contactEmail.split('@')[1] ?? 'example.com';
}

let cached: Config | undefined;

/** The process's configuration, parsed on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Forgets the parsed configuration, so the next `getConfig()` reads the environment again (tests). */
export function reloadConfig(): void {
  cached = undefined;
}
