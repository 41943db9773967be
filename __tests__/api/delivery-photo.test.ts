/** @jest-environment node */
/**
 * Delivering with a photo over real HTTP (POST /admin/api/orders/{id}/deliver, multipart): the
 * rider's photo is checked by its content, made smaller, stripped of its metadata and stored
 * under DATA_DIR/media/deliveries with a random name; the sender's e-mail and the tracker (with
 * the sender's e-mail) show it; it is served at its secret address only. Attacks: a non-image, a
 * huge file, a picture of too many pixels, a path in the file name, another branch's rider, a
 * florist, a write without the shop's Origin; each refused without changing the order or
 * leaving a file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { mailIdle } from '@/lib/server/mail/mailer';
import { readOutbox } from '@/lib/server/mail/outbox';
import { DELIVERY_PHOTO_NEEDED_MESSAGE, type StaffOrder } from '@/lib/server/services/backoffice/staff-order';
import { PHOTO_NOT_IMAGE_MESSAGE, PHOTO_TOO_LARGE_MESSAGE, PHOTO_TOO_MANY_PIXELS_MESSAGE } from '@/lib/server/media/upload';
import type { TrackedOrder } from '@/lib/contracts/orders';
import type { StaffRole } from '@/lib/domain/staff';
import { signedInStaff } from '../helpers/staff';
import { postChunkedFile, postParts, type Part } from '../helpers/upload';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { placedOrder } from '../helpers/orders';

let db: Db;
let server: ApiServer;
let camera: Buffer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-photos-'));
const deliveries = path.join(dataDir, 'media', 'deliveries');

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  getConfig().dataDir = dataDir;
  getConfig().smtpUrl = undefined;
  server = await startApiServer();
  // A phone's photo: 3000 × 2000, turned by its EXIF orientation (6: shown upright as 2000 × 3000), with GPS-like metadata.
  camera = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneCo', Model: 'Camera 9' } } })
    .toBuffer();
});

afterAll(async () => {
  await mailIdle();
  await server.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const signedIn = (role: StaffRole, branch: 'lagos' | 'abuja' | null) => signedInStaff(db, role, branch);

/** A paid Lagos order out with `riderId` (or a pick-up ready for collection). */
async function outForDelivery(riderId: string | null, delivery: 'delivery' | 'pick-up' = 'delivery') {
  const order = await placedOrder(db, { paymentMethod: 'paystack', delivery });
  const status = delivery === 'pick-up' ? 'preparing' : 'out_for_delivery';
  await db.update(orders).set({ status, paymentState: 'paid', paidWith: 'paystack', checkedOutAt: new Date(), riderId }).where(eq(orders.id, order.id));
  return order;
}

const deliver = (orderId: string, cookie: string | null, parts: Part[], origin: string | null = server.url) =>
  postParts<StaffOrder>(`${server.url}/admin/api/orders/${orderId}/deliver`, parts, cookie, origin);

const photo = (bytes: Buffer, filename = 'IMG_2041.jpg', type = 'image/jpeg'): Part => ({ name: 'photo', bytes, filename, type });
const storedPhotos = () => (fs.existsSync(deliveries) ? fs.readdirSync(deliveries).filter((f) => !f.endsWith('.tmp')) : []);

async function statusOf(orderId: string) {
  const [row] = await db.select({ status: orders.status, photo: orders.deliveryPhoto }).from(orders).where(eq(orders.id, orderId));
  return row;
}

it('the rider delivers with a photo: stored small, upright and without metadata; the sender sees it by e-mail and in the tracker', async () => {
  const rider = await signedIn('rider', 'lagos');
  const order = await outForDelivery(rider.id);
  const before = storedPhotos().length;

  const answer = await deliver(order.id, rider.cookie, [{ name: 'recipientName', value: 'Chiamaka (her sister)' }, { name: 'note', value: 'At the gate' }, photo(camera)]);
  expect([answer.status, answer.body.message]).toEqual([200, `Order ${order.orderNumber}: delivered`]);
  expect(answer.body.data.order.status).toBe('delivered');
  expect(answer.body.data.delivery).toEqual({ photo: expect.stringMatching(/^\/media\/d\/[0-9a-f]{32}\.webp$/), receivedBy: 'Chiamaka (her sister)' });
  expect(answer.body.data.order.timeline.at(-1)?.note).toBe('Delivered to Chiamaka (her sister): At the gate');
  expect(storedPhotos()).toHaveLength(before + 1);

  const photoPath = answer.body.data.delivery.photo!;
  const served = await fetch(`${server.url}${photoPath}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/webp');
  expect(served.headers.get('cache-control')).toBe('private, max-age=86400');
  expect(served.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: 1067, height: 1600 });
  expect(meta.exif).toBeUndefined();
  expect(meta.orientation).toBeUndefined();

  // The sender's delivered e-mail links and shows the photo.
  await mailIdle();
  const mail = (await readOutbox(dataDir, { to: order.sender.email })).find((m) => m.subject.endsWith('delivered'));
  expect(mail?.text).toContain(`See the delivery photo: ${getConfig().siteUrl}${photoPath}`);
  expect(mail?.html).toContain(`<img src="${getConfig().siteUrl}${photoPath}"`);

  // The tracker shows it with the sender's e-mail, and not without.
  const track = async (email?: string) =>
    ((await (await fetch(`${server.url}/v1/firebase/order/order-number/${order.orderNumber}${email ? `?email=${encodeURIComponent(email)}` : ''}`)).json()) as { data: TrackedOrder }).data;
  expect((await track(order.sender.email)).deliveryPhoto).toBe(photoPath);
  expect(await track()).not.toHaveProperty('deliveryPhoto');
});

it('a collection at the pick-up point needs no photo; a door delivery does (400, nothing changes)', async () => {
  const manager = await signedIn('manager', null);
  const pickup = await outForDelivery(null, 'pick-up');
  const collected = await deliver(pickup.id, manager.cookie, [{ name: 'recipientName', value: 'Mr Bello' }]);
  expect(collected.status).toBe(200);
  expect(collected.body.data.delivery).toEqual({ photo: null, receivedBy: 'Mr Bello' });
  expect(collected.body.data.order.timeline.at(-1)?.note).toBe('Collected by Mr Bello');

  const door = await outForDelivery(null);
  const refused = await deliver(door.id, manager.cookie, [{ name: 'recipientName', value: 'Mr Bello' }]);
  expect(refused).toMatchObject({ status: 400, body: { message: DELIVERY_PHOTO_NEEDED_MESSAGE } });
  expect((await statusOf(door.id))?.status).toBe('out_for_delivery');
  const unnamed = await deliver(door.id, manager.cookie, [photo(camera)]);
  expect(unnamed).toMatchObject({ status: 400, body: { message: 'recipientName is required' } });
});

describe('refused uploads change nothing and leave no file', () => {
  let rider: { id: string; cookie: string };
  beforeAll(async () => {
    rider = await signedIn('rider', 'lagos');
  });

  async function refused(parts: Part[], status: number, message?: string, cookie = rider.cookie, origin: string | null = server.url) {
    const order = await outForDelivery(rider.id);
    const before = storedPhotos().length;
    const answer = await deliver(order.id, cookie, parts, origin);
    expect(answer.status).toBe(status);
    if (message) expect(answer.body.message).toBe(message);
    expect(await statusOf(order.id)).toEqual({ status: 'out_for_delivery', photo: null });
    expect(storedPhotos()).toHaveLength(before);
  }

  const name = { name: 'recipientName', value: 'Chiamaka' };

  it('a text file named like a photo, with an image type: 415', async () => {
    await refused([name, photo(Buffer.from('#!/bin/sh\necho not a photo\n'.repeat(50)), 'photo.jpg', 'image/jpeg')], 415, PHOTO_NOT_IMAGE_MESSAGE);
  });

  it('an SVG (an image, but not a photo): 415', async () => {
    await refused([name, photo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'), 'a.svg', 'image/svg+xml')], 415, PHOTO_NOT_IMAGE_MESSAGE);
  });

  it('a file over 10 MB: 413', async () => {
    await refused([name, photo(Buffer.concat([camera, Buffer.alloc(11 * 1024 * 1024, 7)]))], 413, PHOTO_TOO_LARGE_MESSAGE);
  });

  it('a file over 10 MB sent without a length (chunked): the upload stops at the cap, 413', async () => {
    const order = await outForDelivery(rider.id);
    const before = storedPhotos().length;
    const res = await postChunkedFile(`${server.url}/admin/api/orders/${order.id}/deliver`, {
      cookie: rider.cookie,
      origin: server.url,
      text: { name: 'recipientName', value: 'Chiamaka' },
      fileField: 'photo',
      start: camera,
      megabytes: 12,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(PHOTO_TOO_LARGE_MESSAGE);
    expect(await statusOf(order.id)).toEqual({ status: 'out_for_delivery', photo: null });
    expect(storedPhotos()).toHaveLength(before);
  });

  it('a small file that decodes to too many pixels: 413', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png({ compressionLevel: 9, palette: true }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refused([name, photo(bomb, 'bomb.png', 'image/png')], 413, PHOTO_TOO_MANY_PIXELS_MESSAGE);
  });

  it('unknown fields and a second file: 400', async () => {
    await refused([name, { name: 'photoKey', value: 'deliveries/../../x' }, photo(camera)], 400);
    await refused([name, photo(camera), photo(camera, 'b.jpg')], 400);
  });

  it('a body that is not multipart: 415', async () => {
    const order = await outForDelivery(rider.id);
    const res = await fetch(`${server.url}/admin/api/orders/${order.id}/deliver`, {
      method: 'POST',
      headers: { cookie: rider.cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ recipientName: 'x' }),
    });
    expect(res.status).toBe(415);
    expect((await statusOf(order.id))?.status).toBe('out_for_delivery');
  });

  it('another branch’s rider (404), a florist (403), another rider’s delivery (403), another site (403), nobody signed in (401)', async () => {
    await refused([name, photo(camera)], 404, undefined, (await signedIn('rider', 'abuja')).cookie);
    await refused([name, photo(camera)], 403, undefined, (await signedIn('florist', 'lagos')).cookie);
    await refused([name, photo(camera)], 403, 'This delivery is out with another rider', (await signedIn('rider', 'lagos')).cookie);
    await refused([name, photo(camera)], 403, undefined, rider.cookie, 'https://evil.example');
    await refused([name, photo(camera)], 401, undefined, 'staff_session=nonsense');
  });
});

it('a path in the file name is ignored: the photo is stored under its random name only', async () => {
  const rider = await signedIn('rider', 'lagos');
  const order = await outForDelivery(rider.id);
  const answer = await deliver(order.id, rider.cookie, [{ name: 'recipientName', value: 'Chiamaka' }, photo(camera, '../../../../evil.webp')]);
  expect(answer.status).toBe(200);
  const file = path.basename(answer.body.data.delivery.photo!);
  expect(fs.existsSync(path.join(deliveries, file))).toBe(true);
  expect(fs.readdirSync(path.join(dataDir, 'media'))).toEqual(['deliveries']);
  expect(fs.existsSync(path.join(dataDir, '..', 'evil.webp'))).toBe(false);
});

it('photos are served only at their exact secret address', async () => {
  for (const address of ['/media/d/0123456789abcdef0123456789abcdef.webp', '/media/d/..%2F..%2Fpackage.json', '/media/d/abc.webp', '/media/d/0123456789ABCDEF0123456789ABCDEF.webp']) {
    const res = await fetch(`${server.url}${address}`);
    expect([address, res.status]).toEqual([address, 404]);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  }
});
