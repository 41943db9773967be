/**
 * What every fake provider (lib/sandbox/<provider>.ts) takes and gives. A fake
 * speaks its provider's documented REST API, keeps its transactions in memory, shows the shared
 * hosted page (./hosted-page.ts) and signs its webhooks exactly like the real provider, so the
 * shop's provider code and verification run unchanged against it. Tests serve a fake on a local
 * port (`__tests__/helpers/fake-server.ts`); with no keys configured outside production the app
 * mounts the fakes as its built-in sandbox under `/api/sandbox/<provider>/`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type FakeOptions = {
  /** Where browsers reach this fake (links to its hosted page), without a trailing slash. */
  publicUrl: string;
  /** Where it posts its signed webhooks after a payment is settled; none when undefined. */
  webhookUrl?: string;
  /** The secrets the shop is configured with for this provider (what it signs and checks with). */
  secrets: Record<string, string>;
  /** Test controls, read on every request (mutate the object to change behaviour mid-test). */
  faults?: FakeFaults;
};

export type FakeFaults = {
  /** Delay every API answer by this long (timeouts). */
  delayMs?: number;
  /** Answer every API call with this status (e.g. 500, 503). */
  status?: number;
  /** Settle paid transactions for this amount (minor units) instead of the one asked (underpayment). */
  settleAmountMinor?: number;
  /** Settle paid transactions in this currency instead of the one asked. */
  settleCurrency?: string;
};

export type FakeProvider = {
  /** Handles a request whose URL is relative to the fake's mount (e.g. `/transaction/initialize`). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The transactions it knows, by the shop's reference (for assertions). */
  transactions: Map<string, { status: string; amountMinor: number; currency: string; [key: string]: unknown }>;
  /**
   * Settles a transaction as the hosted page's buttons do ('pay' | 'fail' | 'cancel') and
   * answers the URL the shopper would be redirected to; sends the webhook for 'pay' (and awaits it).
   */
  decide(reference: string, decision: 'pay' | 'fail' | 'cancel'): Promise<string>;
};
