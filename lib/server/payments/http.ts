/**
 * One way for the providers (lib/server/payments/providers/*) to call a payment API: `fetch`
 * with the configured timeout; a timeout, a network error, a 5xx or an answer that is not JSON
 * becomes `ProviderUnavailableError` (502: the shopper may try again); a 4xx is handed back for
 * the provider to word as `ProviderRefusedError`. Secrets are scrubbed from every text that
 * could reach an answer or a log.
 */
import { HttpError } from '@/lib/server/http/errors';
import { ProviderUnavailableError } from '@/lib/server/payments/provider';

export type ProviderCall = {
  label: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON when an object, as is when a string. */
  body?: unknown;
  timeoutMs: number;
  /** Values that must never appear in an error text. */
  secrets: (string | undefined)[];
};

export type ProviderAnswer = { status: number; json: unknown };

/** The provider refused the call (4xx): our request or our keys are wrong; nothing was charged. */
export class ProviderRefusedError extends HttpError {
  constructor(
    providerLabel: string,
    readonly detail: string,
  ) {
    super(502, `${providerLabel} could not take this payment right now. Nothing has been charged; please try again or choose another way to pay.`);
    this.name = 'ProviderRefusedError';
  }
}

/** Replaces every secret (and its URL-encoded form) in a text. */
export function redact(text: string, secrets: (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join('[redacted]');
  }
  return out;
}

/** Whether fetch gave up on the timeout signal (a DOMException, not always an `Error` instance). */
function isTimeout(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** Calls a provider's API and answers the status and parsed JSON (see the header for failures). */
export async function callProvider(call: ProviderCall): Promise<ProviderAnswer> {
  const path = redact(new URL(call.url).pathname, call.secrets);
  const unavailable = (detail: string) => new ProviderUnavailableError(call.label, redact(`${call.method} ${path}: ${detail}`, call.secrets));
  let res: Response;
  try {
    res = await fetch(call.url, {
      method: call.method,
      headers: { accept: 'application/json', ...(call.body !== undefined && typeof call.body !== 'string' && { 'content-type': 'application/json' }), ...call.headers },
      body: call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : JSON.stringify(call.body),
      signal: AbortSignal.timeout(call.timeoutMs),
      redirect: 'manual',
    });
  } catch (error) {
    if (isTimeout(error)) throw unavailable(`no answer within ${call.timeoutMs} ms`);
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw unavailable(`network error${cause ? ` (${cause})` : ''}`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    if (isTimeout(error)) throw unavailable(`no answer within ${call.timeoutMs} ms`);
    throw unavailable(`the answer (${res.status}) was cut off`);
  }
  if (res.status >= 500) throw unavailable(`answered ${res.status}`);
  try {
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    throw unavailable(`answered ${res.status} with something that is not JSON`);
  }
}

/** A provider's own message from an error answer (`message` at the top), scrubbed and shortened. */
export function providerMessage(json: unknown, secrets: (string | undefined)[]): string {
  const message = typeof json === 'object' && json !== null && typeof (json as { message?: unknown }).message === 'string' ? (json as { message: string }).message : '';
  return redact(message, secrets).slice(0, 200) || 'no reason given';
}
