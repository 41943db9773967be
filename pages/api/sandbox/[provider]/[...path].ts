/**
 * The built-in payment sandbox: `/api/sandbox/<provider>/…` serves that provider's fake (its
 * API, hosted checkout page and decisions; lib/server/payments/sandbox) so that a fresh machine
 * without provider keys can complete a purchase. It does not exist (404) in production, for a
 * shop with real provider keys, or for a provider without a fake.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isCardMethod, usesSandbox } from '@/lib/server/payments/providers';
import { sandboxFake } from '@/lib/server/payments/sandbox';

export const config = { api: { bodyParser: false, externalResolver: true } };

type Request = IncomingMessage & { query?: Record<string, string | string[] | undefined> };

function notFound(res: ServerResponse): void {
  const payload = JSON.stringify({ data: null, error: true, message: 'Not found', status: 404 });
  res.statusCode = 404;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(payload);
}

export default async function sandbox(req: Request, res: ServerResponse): Promise<void> {
  const key = typeof req.query?.provider === 'string' ? req.query.provider : '';
  if (!isCardMethod(key) || !usesSandbox(key)) return notFound(res);
  const fake = sandboxFake(key);
  if (!fake) return notFound(res);
  // The fake's paths are relative to its mount: /api/sandbox/<key>/checkout/x → /checkout/x.
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const rest = url.pathname.replace(new RegExp(`^.*?/api/sandbox/${key}(?=/|$)`), '');
  req.url = `${rest || '/'}${url.search}`;
  try {
    await fake.handle(req, res);
  } catch (error) {
    console.error(`[sandbox:${key}] failed:`, error instanceof Error ? error.message : error);
    if (!res.headersSent) {
      res.statusCode = 500;
      res.end('The sandbox failed');
    }
  }
}
