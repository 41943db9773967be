/**
 * The provider registry: `providerFor(key)` builds a card/wallet provider from
 * `getConfig().payments` on every call (tests and staff may change the configuration while the
 * process runs). A provider with its keys talks to its configured base URL. When no provider has
 * any key and the shop is not in production, it talks to our built-in sandbox (its fake, served
 * by the app under `/api/sandbox/<key>`, with the fake's `SANDBOX_SECRETS`). Otherwise a provider
 * without keys is refused (400) so the shopper chooses another way to pay.
 */
import { getConfig, type PaymentsConfig } from '@/lib/server/config';
import { BadRequestError } from '@/lib/server/http/errors';
import type { CardMethodKey, PaymentProvider } from '@/lib/server/payments/provider';
import { FAKES, sandboxBaseUrl } from '@/lib/sandbox';
import { createPaystack } from '@/lib/server/payments/providers/paystack';
import { createFlutterwave } from '@/lib/server/payments/providers/flutterwave';
import { createPayPal } from '@/lib/server/payments/providers/paypal';
import { createMonnify } from '@/lib/server/payments/providers/monnify';
import { methodLabel } from '@/lib/domain/checkout';
import { isLiveProduction } from '@/lib/server/operator';

export const CARD_METHOD_KEYS: readonly CardMethodKey[] = ['paystack', 'flutterwave', 'payPal', 'monnify'];

export function isCardMethod(key: string): key is CardMethodKey {
  return (CARD_METHOD_KEYS as readonly string[]).includes(key);
}

export const providerLabel = methodLabel;

/** Whether every key a provider needs is configured (then it never uses the sandbox). */
export function hasKeys(key: CardMethodKey, payments: PaymentsConfig = getConfig().payments): boolean {
  switch (key) {
    case 'paystack':
      return Boolean(payments.paystack.secretKey);
    case 'flutterwave':
      return Boolean(payments.flutterwave.secretKey && payments.flutterwave.webhookHash);
    case 'payPal':
      return Boolean(payments.payPal.clientId && payments.payPal.clientSecret && payments.payPal.webhookId);
    case 'monnify':
      return Boolean(payments.monnify.apiKey && payments.monnify.secretKey && payments.monnify.contractCode);
  }
}

/**
 * Whether any provider key at all is configured: the shop then takes real payments, and no
 * sandbox runs for any provider (a provider without keys is refused rather than faked).
 */
export function anyKeysConfigured(payments: PaymentsConfig = getConfig().payments): boolean {
  const { paystack, flutterwave, payPal, monnify } = payments;
  return [paystack.secretKey, flutterwave.secretKey, flutterwave.webhookHash, payPal.clientId, payPal.clientSecret, payPal.webhookId, monnify.apiKey, monnify.secretKey, monnify.contractCode].some(Boolean);
}

/** Whether the operator runs the shop in production (the rule lives in lib/server/operator.ts). */
export { isLiveProduction };

/** Whether a provider runs against the built-in sandbox: no keys anywhere, not production, and a fake exists. */
export function usesSandbox(key: CardMethodKey): boolean {
  return !anyKeysConfigured() && !isLiveProduction() && FAKES[key] !== undefined;
}

/** Whether the shop runs its card payments against the built-in sandbox (no keys, not production). */
export function sandboxOn(): boolean {
  return !anyKeysConfigured() && !isLiveProduction();
}

/** The line `npm start` prints while the sandbox is on (instrumentation.ts). */
export const SANDBOX_WARNING =
  'WARNING: payments run against the built-in SANDBOX: no real money is taken and paid orders read "TEST PAYMENT". Set provider keys (see .env.example) for real payments.';

type Build = (payments: PaymentsConfig, connection: { baseUrl: string; secrets: Record<string, string> | null }) => PaymentProvider;

/** A key from the sandbox secrets (sandbox mode) or the configuration. */
const pick = (secrets: Record<string, string> | null, name: string, configured: string | undefined) => (secrets ? secrets[name] : configured) ?? '';

/** How each provider is built; `secrets` replaces the configured keys in sandbox mode. */
const BUILDERS: Record<CardMethodKey, Build> = {
  paystack: (p, { baseUrl, secrets }) =>
    createPaystack({ ...p.paystack, secretKey: pick(secrets, 'secretKey', p.paystack.secretKey), baseUrl, timeoutMs: p.timeoutMs }),
  flutterwave: (p, { baseUrl, secrets }) =>
    createFlutterwave({
      secretKey: pick(secrets, 'secretKey', p.flutterwave.secretKey),
      webhookHash: pick(secrets, 'webhookHash', p.flutterwave.webhookHash),
      baseUrl,
      timeoutMs: p.timeoutMs,
      brandName: getConfig().brandName,
    }),
  payPal: (p, { baseUrl, secrets }) =>
    createPayPal({
      ...p.payPal,
      clientId: pick(secrets, 'clientId', p.payPal.clientId),
      clientSecret: pick(secrets, 'clientSecret', p.payPal.clientSecret),
      webhookId: pick(secrets, 'webhookId', p.payPal.webhookId),
      baseUrl,
      timeoutMs: p.timeoutMs,
    }),
  monnify: (p, { baseUrl, secrets }) =>
    createMonnify({
      apiKey: pick(secrets, 'apiKey', p.monnify.apiKey),
      secretKey: pick(secrets, 'secretKey', p.monnify.secretKey),
      contractCode: pick(secrets, 'contractCode', p.monnify.contractCode),
      baseUrl,
      timeoutMs: p.timeoutMs,
      brandName: getConfig().brandName,
    }),
};

/** The provider for a card method, or 400 '<Label> is not available right now; …'. */
export function providerFor(key: CardMethodKey): PaymentProvider {
  const payments = getConfig().payments;
  const build = BUILDERS[key];
  const unavailable = new BadRequestError(`${providerLabel(key)} is not available right now; please choose another way to pay`);
  if (hasKeys(key, payments)) return build(payments, { baseUrl: payments[key].baseUrl, secrets: null });
  if (!usesSandbox(key)) throw unavailable;
  return build(payments, { baseUrl: sandboxBaseUrl(key), secrets: { ...FAKES[key]!.secrets } });
}
