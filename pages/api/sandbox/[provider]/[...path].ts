/**
 * The built-in payment sandbox: `/api/sandbox/<provider>/…` serves that provider's fake (its
 * API, hosted checkout page and decisions; lib/sandbox) so that a fresh machine
 * without provider keys can complete a purchase. It does not exist (404) in production, for a
 * shop with real provider keys, or for a provider without a fake.
 */
import { errorFields } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isCardMethod, usesSandbox } from '@/lib/server/payments/providers';
import { sandboxFake } from '@/lib/sandbox';
import { getConfig } from '@/lib/server/config';

export const config = { api: { bodyParser: false, externalResolver: true } };

type Request = IncomingMessage & { query?: Record<string, string | string[] | undefined> };

function notFound(res: ServerResponse): void {
  const payload = JSON.stringify({ data: null, error: true, message: 'Not found', status: 404 });
  res.statusCode = 404;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(payload);
}

/**
 * The sandbox's API is public and its keys are public constants, so anyone could create a
 * transaction whose return URL is another site: every redirect it answers must lead back to this
 * shop's checkout or to a pay link (/pay/{token}), or the shop's address would serve as an open redirect.
 */
function keepRedirectsOnTheShop(res: ServerResponse): void {
  const site = getConfig().siteUrl;
  const onTheShop = (location: string) => location.startsWith(`${site}/checkout?`) || (location.startsWith(`${site}/pay/`) && /^\/pay\/[A-Za-z0-9_-]{43}\?/.test(location.slice(site.length)));
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => {
    if (name.toLowerCase() === 'location' && !onTheShop(String(value))) {
      throw new Error(`redirect outside the shop refused: ${String(value).slice(0, 80)}`);
    }
    return setHeader(name, value);
  };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((r) => typeof r === 'object' && r !== null) as Record<string, unknown> | undefined;
    const location = headers && Object.entries(headers).find(([k]) => k.toLowerCase() === 'location')?.[1];
    if (location !== undefined && !onTheShop(String(location))) {
      throw new Error(`redirect outside the shop refused: ${String(location).slice(0, 80)}`);
    }
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];
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
  keepRedirectsOnTheShop(res);
  try {
    await fake.handle(req, res);
  } catch (error) {
    log().error({ area: 'sandbox', provider: key, ...errorFields(error) }, 'sandbox request failed');
    if (!res.headersSent) {
      res.statusCode = 400;
      res.end('The sandbox refused this request');
    }
  }
}
