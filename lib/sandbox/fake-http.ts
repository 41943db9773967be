/**
 * Small HTTP pieces the fake providers share (lib/sandbox/*): reading a raw body, JSON/HTML/303
 * answers, the fault delay, posting a webhook and awaiting it. Kept apart so each fake reads as
 * its provider's API only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decimalToMinor } from '@/lib/server/payments/provider';

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, html: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Posts a webhook and waits for the shop's answer (failures are the shop's problem, like the real thing). */
export async function postWebhook(url: string | undefined, body: string, headers: Record<string, string>): Promise<void> {
  if (!url) return;
  await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, signal: AbortSignal.timeout(15_000) }).catch(() => undefined);
}

/**
 * A major-unit JSON amount (24500.5) as the fake's minor units, read exactly through its decimal
 * text (never `amount * 100`). The fakes keep amounts as the providers' JSON numbers do: safe
 * integers of minor units; the shop converts them to bigint at its edge. 0 when unreadable.
 */
export function minorOf(amount: number): number {
  const minor = decimalToMinor(amount, 2);
  return minor === null || minor > BigInt(Number.MAX_SAFE_INTEGER) ? 0 : Number(minor);
}
