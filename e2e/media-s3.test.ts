/**
 * Two instances of the shop (`npm start` twice, each with its own data directory) on one
 * PostgreSQL database and one S3 bucket (a fake S3 server in this process that checks every
 * request's signature, e2e/fake-s3.ts): a product picture uploaded in the back office through the
 * first is stored in the bucket, not on either machine's disk, and served by the second with the
 * same bytes and headers; removed through the second, the first answers 404 for it. A drawn
 * picture the first has in its own disk cache answers 404 there too once the second removed it.
 *
 * The manager's session is written straight into the database (the sign-in and its e-mailed code
 * have their own journeys). Starts its own throwaway PostgreSQL server (e2e/postgres.ts) and is
 * skipped with the reason when this machine cannot. Serves the build in NEXT_DIST_DIR, building it
 * when stale.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { insertStaff } from '@/lib/server/services/staff/members';
import { startSession } from '@/lib/server/services/staff/sessions';
import { startFakeS3, type FakeS3 } from './fake-s3';
import { startShop, type Shop } from './shop-server';
import { freePort, type Postgres, startPostgres, whyNoPostgres } from './postgres';

const noPostgres = whyNoPostgres();
const PREFIX = 'shop/';

type Item = { id: string; slug: string; images: { src: string; alt: string }[] };
type Picture = { id: string; src: string; alt: string; position: number; uploaded: boolean };

let pg: Postgres | undefined;
let s3: FakeS3 | undefined;
let first: Shop | undefined;
let second: Shop | undefined;
let database: Database | undefined;

before(async () => {
  if (noPostgres) return;
  pg = startPostgres(await freePort());
  const databaseUrl = pg.newDatabase('shop_media_s3');
  s3 = await startFakeS3();
  const env = { DATABASE_URL: databaseUrl, ...s3.env(PREFIX) };
  first = await startShop(env);
  // One at a time: the first has migrated and seeded, the second finds it done.
  second = await startShop(env);
  database = await openDatabase({ databaseUrl });
});

after(async () => {
  await database?.close();
  await second?.stop();
  await first?.stop();
  await s3?.stop();
  pg?.destroy();
});

/** A manager's `staff_session` cookie, made in the database. */
async function managerCookie(): Promise<string> {
  const member = await insertStaff(database!.db, { email: `manager.${Date.now().toString(36)}@shop.test`, name: 'Bisi Manager', role: 'manager', branch: null, passwordHash: null, createdBy: null }, new Date());
  return `staff_session=${await startSession(database!.db, member.id, new Date())}`;
}

async function staffCall<T>(shop: Shop, method: string, url: string, cookie: string, body?: FormData): Promise<{ status: number; data: T; message: string }> {
  const res = await fetch(`${shop.url}${url}`, { method, headers: { cookie, origin: shop.url }, body });
  const answer = (await res.json()) as { data: T; message: string };
  return { status: res.status, data: answer.data, message: answer.message };
}

/** Uploaded files on an instance's own disk (there should be none: they are in the bucket). */
const uploadedOnDisk = (shop: Shop) => ['products', 'deliveries'].filter((folder) => fs.existsSync(path.join(shop.dataDir, 'media', folder)));

void test('a picture uploaded through one instance is served by the other; removed through the other, neither serves it', { skip: noPostgres ? `skipped: ${noPostgres}` : false }, async () => {
  const a = first!;
  const b = second!;
  const cookie = await managerCookie();
  const listing = (await (await fetch(`${b.url}/v1/product/paginate?pageSize=50&categories=all`)).json()) as { data: { items: Item[] } };
  const product = listing.data.items.find((p) => p.images.length > 0)!;

  // Through the first: a 1,200 px photo, stored in every width in the bucket.
  const photo = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: { r: 210, g: 30, b: 80 } } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('alt', 'Red roses in a box');
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'roses.jpg');
  const added = await staffCall<Picture>(a, 'POST', `/admin/api/products/${product.id}/pictures`, cookie, form);
  assert.equal(added.status, 201, added.message);
  const stored = [...s3!.objects.keys()].filter((key) => key.startsWith(`${PREFIX}products/`));
  assert.equal(stored.length, 5, 'five widths in the bucket');
  assert.deepEqual(uploadedOnDisk(a), [], 'nothing uploaded on the first instance’s disk');

  // The second serves it, the same bytes with the same headers.
  for (const width of [400, 800]) {
    const res = await fetch(`${b.url}${added.data.src}?w=${width}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.equal(res.status, 200, `w=${width} served by the second instance`);
    assert.equal(res.headers.get('content-type'), 'image/webp');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const object = stored.find((key) => key.endsWith(`-${width}.webp`))!;
    assert.ok(bytes.equals(s3!.objects.get(object)!.bytes), `w=${width}: the bucket's bytes`);
    assert.equal((await sharp(bytes).metadata()).width, width);
  }
  assert.equal((await fetch(`${a.url}${added.data.src}?w=800`)).status, 200, 'and by the first');

  // Removed through the second: its objects leave the bucket, and the first answers 404.
  const removed = await staffCall<Picture[]>(b, 'DELETE', `/admin/api/products/${product.id}/pictures/${added.data.id}`, cookie);
  assert.equal(removed.status, 200, removed.message);
  assert.deepEqual(
    [...s3!.objects.keys()].filter((key) => key.startsWith(`${PREFIX}products/`)),
    [],
    'no objects left',
  );
  assert.equal((await fetch(`${a.url}${added.data.src}?w=800`)).status, 404, 'the first answers 404 for the removed upload');

  // A drawn picture rendered into the first's own cache, then removed through the second.
  const drawn = (await staffCall<{ pictures: Picture[] }>(a, 'GET', `/admin/api/products/${product.id}/pictures`, cookie)).data.pictures.find((p) => !p.uploaded)!;
  assert.equal((await fetch(`${a.url}${drawn.src}?w=200`)).status, 200);
  assert.ok(fs.existsSync(path.join(a.dataDir, 'media', `${drawn.id}-200.webp`)), 'rendered into the first instance’s cache');
  assert.equal((await staffCall(b, 'DELETE', `/admin/api/products/${product.id}/pictures/${drawn.id}`, cookie)).status, 200);
  assert.equal((await fetch(`${a.url}${drawn.src}?w=200`)).status, 404, 'the first does not serve its cached copy of a removed picture');

  assert.deepEqual([uploadedOnDisk(a), uploadedOnDisk(b)], [[], []]);
  assert.deepEqual(s3!.refused, [], 'every request to the bucket was signed with the configured key');
});
