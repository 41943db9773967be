/** @jest-environment node */
/**
 * The shared page cache (scripts/page-cache.mjs) keeps a page once per currency it is rendered in
 * (lib/domain/shopper-currency.mjs), over real HTTP in front of a stand-in that renders like
 * withShell: by the same rule, `public, s-maxage=30`. A shopper must never get a copy priced in
 * another currency; other cookies and unknown cookie values must not split the cache; the API's
 * answers are kept once.
 */
import type http from 'node:http';
import type * as PageCache from '../../scripts/page-cache.mjs';
import { shopperCurrency } from '@/lib/domain/shopper-currency.mjs';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';

let renders = 0;

/** Renders the request's currency into the page, as withShell's pages do. */
function likeShop(req: http.IncomingMessage, res: http.ServerResponse) {
  renders++;
  const api = (req.url ?? '').startsWith('/v1/');
  const body = api ? `{"price":55000,"render":${renders}}` : `<p class="price">${shopperCurrency(req.headers).code}</p><!-- render ${renders} -->`;
  res.statusCode = 200;
  res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=30, stale-while-revalidate=300');
  res.setHeader('Content-Type', api ? 'application/json' : 'text/html; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(req.method === 'HEAD' ? undefined : body);
}

let shop: FakeServer;

beforeAll(async () => {
  const pageCache: typeof PageCache = await import('../../scripts/page-cache.mjs');
  shop = await startFakeServer(pageCache.withPageCache(likeShop));
});

afterAll(async () => {
  await shop.close();
});

type Answer = { status: number; body: string; cache: string | null; currency: string | null; render: number };

async function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const res = await fetch(`${shop.url}${path}`, { method, headers });
  const body = await res.text();
  const render = Number(/render"?:? ?(\d+)/.exec(body)?.[1] ?? 0);
  return { status: res.status, body, cache: res.headers.get('x-page-cache'), currency: res.headers.get('x-shop-currency'), render };
}

const shown = (answer: Answer) => /<p class="price">([A-Z]{3})<\/p>/.exec(answer.body)?.[1];

describe('page cache: one copy per currency', () => {
  it('a GBP cookie never gets the naira copy, nor the reverse', async () => {
    const ngn = await get('/product/roses', { cookie: 'currency=NGN' });
    expect([shown(ngn), ngn.cache, ngn.currency]).toEqual(['NGN', 'MISS', 'NGN']);
    const gbp = await get('/product/roses', { cookie: 'currency=GBP' });
    expect([shown(gbp), gbp.cache, gbp.currency]).toEqual(['GBP', 'MISS', 'GBP']);
    const usd = await get('/product/roses', { cookie: 'currency=USD' });
    expect([shown(usd), usd.cache]).toEqual(['USD', 'MISS']);

    // Each is then served from its own copy, saying which it is.
    const gbpAgain = await get('/product/roses', { cookie: 'currency=GBP' });
    expect([shown(gbpAgain), gbpAgain.cache, gbpAgain.currency, gbpAgain.render]).toEqual(['GBP', 'HIT', 'GBP', gbp.render]);
    const ngnAgain = await get('/product/roses', { cookie: 'currency=NGN' });
    expect([shown(ngnAgain), ngnAgain.cache, ngnAgain.currency, ngnAgain.render]).toEqual(['NGN', 'HIT', 'NGN', ngn.render]);
    const gbpHead = await get('/product/roses', { cookie: 'currency=GBP' }, 'HEAD');
    expect([gbpHead.cache, gbpHead.currency]).toEqual(['HIT', 'GBP']);
  });

  it('the guess (country header, Accept-Language) picks the copy when there is no cookie', async () => {
    const london = await get('/category/roses', { 'accept-language': 'en-GB,en;q=0.9' });
    expect([shown(london), london.cache]).toEqual(['GBP', 'MISS']);
    const cookie = await get('/category/roses', { cookie: 'currency=GBP' });
    expect([shown(cookie), cookie.cache, cookie.render]).toEqual(['GBP', 'HIT', london.render]);
    const cloudflare = await get('/category/roses', { 'cf-ipcountry': 'GB', 'accept-language': 'en-US' });
    expect([shown(cloudflare), cloudflare.cache]).toEqual(['GBP', 'HIT']);
    const lagos = await get('/category/roses', { 'cf-ipcountry': 'NG', 'accept-language': 'en-GB' });
    expect([shown(lagos), lagos.cache]).toEqual(['NGN', 'MISS']);
  });

  it('an unknown cookie value shares the copy of the guess', async () => {
    const plain = await get('/', {});
    expect([shown(plain), plain.cache]).toEqual(['NGN', 'MISS']);
    for (const cookie of ['currency=EUR', 'currency=gbp', 'currency=', 'currency="GBP"']) {
      const answer = await get('/', { cookie });
      expect([cookie, shown(answer), answer.cache, answer.render]).toEqual([cookie, 'NGN', 'HIT', plain.render]);
    }
    const us = await get('/', { 'accept-language': 'en-US' });
    expect([shown(us), us.cache]).toEqual(['USD', 'MISS']);
    const usWithJunk = await get('/', { cookie: 'currency=EUR', 'accept-language': 'en-US' });
    expect([shown(usWithJunk), usWithJunk.cache, usWithJunk.render]).toEqual(['USD', 'HIT', us.render]);
  });

  it('other cookies do not split the cache', async () => {
    const first = await get('/faq', { cookie: 'currency=GBP' });
    expect(first.cache).toBe('MISS');
    for (const cookie of ['session=abc; currency=GBP', 'currency=GBP; theme=dark; _ga=GA1.2.3', '_ga=1;currency=GBP']) {
      const answer = await get('/faq', { cookie });
      expect([cookie, shown(answer), answer.cache, answer.render]).toEqual([cookie, 'GBP', 'HIT', first.render]);
    }
    const none = await get('/faq', { cookie: 'session=abc; theme=dark' });
    expect([shown(none), none.cache]).toEqual(['NGN', 'MISS']);
    const noneAgain = await get('/faq', { cookie: '_ga=GA1.2.3' });
    expect([shown(noneAgain), noneAgain.cache, noneAgain.render]).toEqual(['NGN', 'HIT', none.render]);
  });

  it('page data (/_next/data) is kept per currency too', async () => {
    const path = '/_next/data/build-1/product/roses.json?slug=roses';
    const gbp = await get(path, { cookie: 'currency=GBP' });
    const ngn = await get(path, { cookie: 'currency=NGN' });
    expect([shown(gbp), shown(ngn), ngn.cache]).toEqual(['GBP', 'NGN', 'MISS']);
    const gbpAgain = await get(path, { cookie: 'currency=GBP' });
    expect([shown(gbpAgain), gbpAgain.cache]).toEqual(['GBP', 'HIT']);
  });

  it('API answers are the same in every currency: kept once, without a currency header', async () => {
    const first = await get('/v1/regal/products?pageNumber=1', { cookie: 'currency=GBP' });
    expect([first.cache, first.currency]).toEqual(['MISS', null]);
    const variants: Record<string, string>[] = [{ cookie: 'currency=NGN' }, { cookie: 'currency=USD' }, { 'accept-language': 'en-US' }, {}];
    for (const headers of variants) {
      const answer = await get('/v1/regal/products?pageNumber=1', headers);
      expect([answer.cache, answer.currency, answer.render]).toEqual(['HIT', null, first.render]);
    }
  });
});
