/**
 * The built-in sandbox: which fake providers exist (keyed by provider), their sandbox secrets,
 * and one running fake per provider per process, which the app serves under
 * `/api/sandbox/<key>/` (pages/api/sandbox/[provider]/[...path].ts) when that provider has no
 * keys and NODE_ENV is not production. The fakes keep their transactions in memory, so the
 * instance lives in a `globalThis` holder that survives Next's module reloading in development.
 */
import type { CardMethodKey } from '@/lib/server/payments/provider';
import type { FakeOptions, FakeProvider } from '@/lib/sandbox/types';
import { createFakePaystack, SANDBOX_SECRETS as PAYSTACK_SECRETS } from '@/lib/sandbox/paystack';
import { createFakeFlutterwave, SANDBOX_SECRETS as FLUTTERWAVE_SECRETS } from '@/lib/sandbox/flutterwave';
import { createFakePayPal, SANDBOX_SECRETS as PAYPAL_SECRETS } from '@/lib/sandbox/paypal';
import { createFakeMonnify, SANDBOX_SECRETS as MONNIFY_SECRETS } from '@/lib/sandbox/monnify';
import { getConfig } from '@/lib/server/config';

export type FakeEntry = { create: (options: FakeOptions) => FakeProvider; secrets: Readonly<Record<string, string>> };

/** The fakes, by provider, with the secrets the shop uses against each in sandbox mode. */
export const FAKES: Partial<Record<CardMethodKey, FakeEntry>> = {
  paystack: { create: createFakePaystack, secrets: PAYSTACK_SECRETS },
  flutterwave: { create: createFakeFlutterwave, secrets: FLUTTERWAVE_SECRETS },
  payPal: { create: createFakePayPal, secrets: PAYPAL_SECRETS },
  monnify: { create: createFakeMonnify, secrets: MONNIFY_SECRETS },
};

/** Where the server reaches itself (the sandbox's API and webhooks go through it). */
export function internalUrl(): string {
  return (process.env.INTERNAL_API_URL || `http://127.0.0.1:${getConfig().port}`).replace(/\/+$/, '');
}

/** The sandbox mount of a provider, as the server's provider code calls it. */
export function sandboxBaseUrl(key: CardMethodKey): string {
  return `${internalUrl()}/api/sandbox/${key}`;
}

type Holder = { fakes: Partial<Record<CardMethodKey, FakeProvider>> };
const holder: Holder = ((globalThis as { __shopSandbox?: Holder }).__shopSandbox ??= { fakes: {} });

/** The process's running fake for a provider (created on first use), or null when there is none. */
export function sandboxFake(key: CardMethodKey): FakeProvider | null {
  const entry = FAKES[key];
  if (!entry) return null;
  holder.fakes[key] ??= entry.create({
    publicUrl: `${getConfig().siteUrl}/api/sandbox/${key}`,
    webhookUrl: `${internalUrl()}/v1/payments/webhook/${key}`,
    secrets: { ...entry.secrets },
  });
  return holder.fakes[key];
}
