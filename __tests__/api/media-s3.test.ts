/** @jest-environment node */
/**
 * Pictures in an S3 bucket (MEDIA_S3_*, lib/server/media/s3-storage.ts) over real HTTP, with a
 * fake S3 server that checks every request's signature (__tests__/helpers/fake-s3.ts): a product
 * picture uploaded in the back office and a rider's delivery photo are stored in the bucket under
 * the prefix, nothing in DATA_DIR/media, and served back by the /media routes with the same
 * headers as from the disk; removing a picture removes its objects. When the bucket fails, an
 * upload or a delivery answers 503 with Retry-After and changes nothing, and a picture's address
 * answers 503 without being cached. With shared storage a drawn picture this instance has in its
 * disk cache is not served once another instance removed its row.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '@/lib/server/db/client';
import { orders, productImages, products } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { mailIdle } from '@/lib/server/mail/mailer';
import { IMAGE_WIDTHS } from '@/lib/server/media/product-images';
import { closeS3Clients, MEDIA_UNAVAILABLE_MESSAGE } from '@/lib/server/media/s3-storage';
import type { StaffOrder } from '@/lib/server/services/backoffice/staff-order';
import type { ProductPicture } from '@/lib/contracts/product-pictures';
import { signedInStaff, staffJson, type TestMember } from '../helpers/staff';
import { postParts, type Part } from '../helpers/upload';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { placedOrder, tag } from '../helpers/orders';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';

let db: Db;
let server: ApiServer;
let s3: FakeS3;
let manager: TestMember;
let rider: TestMember;
let camera: Buffer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-s3-'));
const media = path.join(dataDir, 'media');
const PREFIX = 'shop-test/';

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  s3 = await startFakeS3();
  getConfig().dataDir = dataDir;
  getConfig().smtpUrl = undefined;
  getConfig().mediaS3 = s3.settings(PREFIX);
  server = await startApiServer();
  manager = await signedInStaff(db, 'manager', null, 'Bisi Manager');
  rider = await signedInStaff(db, 'rider', 'lagos');
  camera = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
});

beforeEach(() => s3.failAll(null));

afterAll(async () => {
  getConfig().mediaS3 = undefined;
  await mailIdle();
  await server.close();
  closeS3Clients();
  await s3.stop();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Nothing uploaded is on this machine's disk: no deliveries or products folder under DATA_DIR/media. */
const expectNothingOnDisk = () => expect(['deliveries', 'products'].filter((folder) => fs.existsSync(path.join(media, folder)))).toEqual([]);

const objectsUnder = (folder: string) => [...s3.objects.keys()].filter((key) => key.startsWith(`${PREFIX}${folder}/`));

async function madeProduct(): Promise<string> {
  const t = tag();
  const id = randomUUID();
  await db.insert(products).values({
    id,
    slug: `media-s3-test-${t}`,
    name: `Media S3 Test ${t} – 12 roses`,
    description: 'A product made by the S3 picture tests.',
    price: 45_000,
    sku: `MS3-${t}`.toUpperCase(),
    type: 'simple',
    productClass: 'flowers',
    budget: 'regular',
    categories: ['roses'],
  });
  return id;
}

/** A multipart body of one text field and the camera's JPEG as `fileField` (for reading the answer's headers, which postParts does not give). */
function form([name, value]: [string, string], fileField: string): FormData {
  const body = new FormData();
  body.append(name, value);
  body.append(fileField, new Blob([new Uint8Array(camera)], { type: 'image/jpeg' }), 'IMG_2041.jpg');
  return body;
}

const picture = (bytes: Buffer): Part => ({ name: 'file', bytes, filename: 'IMG_2041.jpg', type: 'image/jpeg' });
const upload = (productId: string) => postParts<ProductPicture>(`${server.url}/admin/api/products/${productId}/pictures`, [{ name: 'alt', value: 'Red roses' }, picture(camera)], manager.cookie, server.url);

async function outForDelivery() {
  const order = await placedOrder(db, { paymentMethod: 'paystack' });
  await db.update(orders).set({ status: 'out_for_delivery', paymentState: 'paid', paidWith: 'paystack', checkedOutAt: new Date(), riderId: rider.id }).where(eq(orders.id, order.id));
  return order;
}
const deliver = (orderId: string) =>
  postParts<StaffOrder>(`${server.url}/admin/api/orders/${orderId}/deliver`, [{ name: 'recipientName', value: 'Chiamaka' }, { name: 'photo', bytes: camera, filename: 'IMG_2041.jpg', type: 'image/jpeg' }], rider.cookie, server.url);

describe('Success', () => {
  it('a product picture is stored in the bucket in every width, served by /media/p as from the disk, and removed with its objects', async () => {
    const productId = await madeProduct();
    const answer = await upload(productId);
    expect([answer.status, answer.body.message]).toEqual([201, 'The picture is added']);
    const [row] = await db.select().from(productImages).where(eq(productImages.id, answer.body.data.id));
    const stem = row!.storageKey!;
    expect(stem).toMatch(/^products\/[0-9a-f]{32}$/);
    expect(objectsUnder('products').filter((key) => key.startsWith(`${PREFIX}${stem}-`)).sort()).toEqual(IMAGE_WIDTHS.map((w) => `${PREFIX}${stem}-${w}.webp`).sort());
    expectNothingOnDisk();

    for (const width of [200, 800, 2500]) {
      const res = await fetch(`${server.url}${answer.body.data.src}?w=${width}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control'), res.headers.get('content-length')]).toEqual([
        200,
        'image/webp',
        'public, max-age=31536000, immutable',
        String(bytes.length),
      ]);
      expect(bytes.equals(s3.objects.get(`${PREFIX}${stem}-${width}.webp`)!.bytes)).toBe(true);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: Math.min(width, 1200), height: Math.min(width, 1200) });
    }
    const head = await fetch(`${server.url}${answer.body.data.src}?w=400`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type')]).toEqual([200, 'image/webp']);

    const removed = await staffJson<ProductPicture[]>(server.url, 'DELETE', `/admin/api/products/${productId}/pictures/${answer.body.data.id}`, undefined, manager.cookie);
    expect(removed.status).toBe(200);
    expect(objectsUnder('products').filter((key) => key.startsWith(`${PREFIX}${stem}-`))).toEqual([]);
    const gone = await fetch(`${server.url}${answer.body.data.src}?w=800`);
    expect([gone.status, gone.headers.get('cache-control')]).toEqual([404, 'private, no-store']);
    expect(s3.refused).toEqual([]);
  });

  it('a delivery photo is stored in the bucket and served at its secret address with the same private headers', async () => {
    const order = await outForDelivery();
    const before = objectsUnder('deliveries').length;
    const answer = await deliver(order.id);
    expect([answer.status, answer.body.message]).toEqual([200, `Order ${order.orderNumber}: delivered`]);
    const photoPath = answer.body.data.delivery.photo!;
    expect(photoPath).toMatch(/^\/media\/d\/[0-9a-f]{32}\.webp$/);
    const key = `${PREFIX}deliveries/${path.basename(photoPath)}`;
    expect(objectsUnder('deliveries')).toHaveLength(before + 1);
    expect(s3.objects.get(key)).toMatchObject({ contentType: 'image/webp', cacheControl: 'private, max-age=31536000, immutable' });
    expectNothingOnDisk();

    const res = await fetch(`${server.url}${photoPath}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(Object.fromEntries(['content-type', 'cache-control', 'x-robots-tag', 'referrer-policy', 'x-content-type-options'].map((h) => [h, res.headers.get(h)]))).toEqual({
      'content-type': 'image/webp',
      'cache-control': 'private, max-age=86400',
      'x-robots-tag': 'noindex, nofollow',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
    expect(bytes.equals(s3.objects.get(key)!.bytes)).toBe(true);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1200 });

    // An address whose object is not in the bucket: 404, not cached.
    const unknown = await fetch(`${server.url}/media/d/${'0'.repeat(32)}.webp`);
    expect([unknown.status, unknown.headers.get('cache-control')]).toEqual([404, 'private, no-store']);
  });

  it('with shared storage, a drawn picture another instance removed is not served from this one’s disk cache', async () => {
    const productId = await madeProduct();
    const [seeded] = await db.select({ art: productImages.art }).from(productImages).where(eq(productImages.position, 0)).limit(1);
    const imageId = randomUUID();
    await db.insert(productImages).values({ id: imageId, productId, position: 0, alt: 'Drawn', art: seeded!.art! });
    const first = await fetch(`${server.url}/media/p/${imageId}.webp?w=200`);
    expect(first.status).toBe(200);
    // Drawn pictures are rendered once into this instance's own cache; the bucket holds uploads only.
    expect(fs.existsSync(path.join(media, `${imageId}-200.webp`))).toBe(true);
    expect([...s3.objects.keys()].some((key) => key.includes(imageId))).toBe(false);

    // Another instance removes the picture: its row goes, this instance's cached file stays.
    await db.delete(productImages).where(eq(productImages.id, imageId));
    expect((await fetch(`${server.url}/media/p/${imageId}.webp?w=200`)).status).toBe(404);
  });
});

describe('Errors', () => {
  it('an upload whose widths cannot all be stored answers 503 with Retry-After, adds no picture and removes the widths it stored', async () => {
    const productId = await madeProduct();
    const before = [...s3.objects.keys()];
    // Two widths are stored, then the third fails on every attempt; the removals that follow pass.
    s3.failNext(500, 3, 2);
    const res = await fetch(`${server.url}/admin/api/products/${productId}/pictures`, { method: 'POST', headers: { cookie: manager.cookie, origin: server.url }, body: form(['alt', 'Roses'], 'file') });
    expect([res.status, res.headers.get('retry-after'), ((await res.json()) as { message: string }).message]).toEqual([503, '5', MEDIA_UNAVAILABLE_MESSAGE]);
    expect(s3.requests.filter((r) => r.method === 'DELETE').length).toBeGreaterThanOrEqual(IMAGE_WIDTHS.length);
    expect([...s3.objects.keys()]).toEqual(before);
    expect(await db.select().from(productImages).where(eq(productImages.productId, productId))).toEqual([]);
    expectNothingOnDisk();
  });

  it('a delivery while the bucket is unreachable answers 503 and leaves the order out for delivery', async () => {
    const order = await outForDelivery();
    const before = objectsUnder('deliveries').length;
    const gone = await startFakeS3();
    await gone.stop();
    getConfig().mediaS3 = gone.settings(PREFIX);
    try {
      const res = await fetch(`${server.url}/admin/api/orders/${order.id}/deliver`, { method: 'POST', headers: { cookie: rider.cookie, origin: server.url }, body: form(['recipientName', 'Chiamaka'], 'photo') });
      expect([res.status, res.headers.get('retry-after'), ((await res.json()) as { message: string }).message]).toEqual([503, '5', MEDIA_UNAVAILABLE_MESSAGE]);
    } finally {
      getConfig().mediaS3 = s3.settings(PREFIX);
    }
    const [row] = await db.select({ status: orders.status, photo: orders.deliveryPhoto }).from(orders).where(eq(orders.id, order.id));
    expect(row).toEqual({ status: 'out_for_delivery', photo: null });
    expect(objectsUnder('deliveries')).toHaveLength(before);
    expectNothingOnDisk();
  });

  it('a picture’s address answers 503, not cached, while the bucket fails, and the picture again once it is back', async () => {
    const order = await outForDelivery();
    const photoPath = (await deliver(order.id)).body.data.delivery.photo!;
    s3.failAll(503);
    const failing = await fetch(`${server.url}${photoPath}`);
    expect([failing.status, failing.headers.get('cache-control'), failing.headers.get('retry-after')]).toEqual([503, 'private, no-store', '5']);
    expect(await failing.text()).toBe(MEDIA_UNAVAILABLE_MESSAGE);
    s3.failAll(null);
    expect((await fetch(`${server.url}${photoPath}`)).status).toBe(200);
  });
});
