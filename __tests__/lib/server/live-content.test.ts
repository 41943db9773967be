/** @jest-environment node */
/**
 * A catalogue or settings write shows on the next request: `contentChanged()` bumps the content
 * version that the shared-page cache, the server's answer cache and the shell compare their
 * entries with, and tells the other instances on PostgreSQL (LISTEN/NOTIFY on their own
 * connections). An answer asked for before a change and stored after it is stale at once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { createAnswerCache } from '@/lib/api/answer-cache';
import { CONTENT_CHANNEL, INSTANCE_ID, contentChanged, contentVersion, listenForContentChanges } from '@/lib/server/live/content';
import { captureLogs } from '@/lib/server/log';
import type * as PageCache from '../../../scripts/page-cache.mjs';
import { startFakeServer, type FakeServer } from '../../helpers/fake-server';
import { usingPostgres } from '../../helpers/db';

const local: Pick<Database, 'notify'> = { notify: async () => undefined };

describe('the content version', () => {
  it('goes up with every change, and the page cache reads the same one', async () => {
    const pageCache: typeof PageCache = await import('../../../scripts/page-cache.mjs');
    const before = contentVersion();
    await contentChanged(local);
    expect(contentVersion()).toBe(before + 1);
    expect(pageCache.contentVersion()).toBe(contentVersion());
  });

  it('a writer never fails because the other instances could not be told', async () => {
    const logged = captureLogs();
    const before = contentVersion();
    await expect(contentChanged({ notify: () => Promise.reject(new Error('connection lost: secret detail')) })).resolves.toBeUndefined();
    logged.stop();
    expect(contentVersion()).toBe(before + 1);
    expect(logged.lines()).toEqual([expect.objectContaining({ level: 50, area: 'live', error: 'Error', msg: 'could not tell the other instances' })]);
    expect(logged.raw.join('')).not.toMatch(/secret detail/);
  });
});

describe('the answer cache', () => {
  it('drops an answer at the next change, however fresh', async () => {
    const cache = createAnswerCache({ ttlMs: 30_000, maxEntries: 10, version: contentVersion });
    cache.set('/v1/product/red-velvet', { price: 55_000 });
    expect(cache.get('/v1/product/red-velvet')).toEqual({ price: 55_000 });
    await contentChanged(local);
    expect(cache.get('/v1/product/red-velvet')).toBeUndefined();
  });

  it('keeps an answer asked for before a change as stale, even when it arrives after', async () => {
    const cache = createAnswerCache({ ttlMs: 30_000, maxEntries: 10, version: contentVersion });
    const stamp = cache.stamp();
    await contentChanged(local); // the price changes while the old answer is on its way
    cache.set('/v1/product/red-velvet', { price: 55_000 }, stamp);
    expect(cache.get('/v1/product/red-velvet')).toBeUndefined();
    cache.set('/v1/product/red-velvet', { price: 60_000 }, cache.stamp());
    expect(cache.get('/v1/product/red-velvet')).toEqual({ price: 60_000 });
  });
});

describe('the shared-page cache', () => {
  let server: FakeServer;
  let price = 55_000;
  let hold: Promise<void> | null = null;
  let renders = 0;

  beforeAll(async () => {
    const pageCache: typeof PageCache = await import('../../../scripts/page-cache.mjs');
    server = await startFakeServer(
      pageCache.withPageCache((_req: IncomingMessage, res: ServerResponse) => {
        renders += 1;
        const body = `<p>₦${price}</p>`;
        void Promise.resolve(hold).then(() => {
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', 'public, s-maxage=30, stale-while-revalidate=300');
          res.setHeader('Content-Length', Buffer.byteLength(body));
          res.end(body);
        });
      }),
    );
  });
  afterAll(() => server.close());

  const page = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    return { text: await res.text(), cache: res.headers.get('x-page-cache') };
  };

  it('serves the next request after a change fresh', async () => {
    expect(await page('/product/red-velvet')).toEqual({ text: '<p>₦55000</p>', cache: 'MISS' });
    expect(await page('/product/red-velvet')).toEqual({ text: '<p>₦55000</p>', cache: 'HIT' });
    price = 60_000;
    await contentChanged(local);
    expect(await page('/product/red-velvet')).toEqual({ text: '<p>₦60000</p>', cache: 'MISS' });
    expect(await page('/product/red-velvet')).toEqual({ text: '<p>₦60000</p>', cache: 'HIT' });
  });

  it('does not keep serving a page rendered before a change that finished after it', async () => {
    price = 61_000;
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const slow = page('/category/roses');
    await new Promise((resolve) => setTimeout(resolve, 50));
    price = 62_000;
    await contentChanged(local);
    release();
    expect((await slow).text).toBe('<p>₦61000</p>');
    hold = null;
    const rendersBefore = renders;
    expect(await page('/category/roses')).toEqual({ text: '<p>₦62000</p>', cache: 'MISS' });
    expect(renders).toBe(rendersBefore + 1);
  });
});

(usingPostgres ? describe : describe.skip)('other instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    a = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
    b = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("another instance's notice clears this one's caches; its own notices do not come back to it", async () => {
    const heard: number[] = [];
    const stop = await listenForContentChanges(b, () => heard.push(Date.now()));
    try {
      // What another process's contentChanged() sends: its own instance id.
      await a.notify(CONTENT_CHANNEL, 'another-instance');
      await a.notify(CONTENT_CHANNEL, INSTANCE_ID);
      const deadline = Date.now() + 5000;
      while (heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it('the default listener bumps the version', async () => {
    const stop = await listenForContentChanges(b);
    try {
      const before = contentVersion();
      await a.notify(CONTENT_CHANNEL, 'another-instance');
      const deadline = Date.now() + 5000;
      while (contentVersion() === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(contentVersion()).toBe(before + 1);
    } finally {
      await stop();
    }
  });
});
