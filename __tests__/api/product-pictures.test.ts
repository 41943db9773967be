/** @jest-environment node */
/**
 * A product's pictures in the back office over real HTTP (issue 14): a manager uploads pictures
 * (multipart: `file`, `alt`), which are checked by their content, cropped square, cut into the
 * storefront's widths (never enlarged), stored through the media storage and served at
 * `/media/p/{id}.webp?w=`; reorders them, changes an alt text and removes one. Every change shows
 * on the next storefront call and writes a `content_audit` line per picture. Attacks: a non-image,
 * an SVG, a file over 15 MB (with and without a length), a pixel bomb, a tiny picture, a path in
 * the file name, missing or long alt text, another product's picture id, florists and riders,
 * another site; each refused without a row or a file left behind.
 *
 * The products changed here are made by this file (random slugs), so that on a shared PostgreSQL
 * no other file's pictures move under it.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '@/lib/server/db/client';
import { productImages, products } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { contentVersion } from '@/lib/server/live/content';
import { contentChangesOf } from '@/lib/server/services/backoffice/content-audit';
import { addPicture, PICTURE_NOT_FOUND, TOO_MANY_PICTURES } from '@/lib/server/services/backoffice/product-pictures';
import { PICTURE_NOT_IMAGE_MESSAGE, PICTURE_TOO_LARGE_MESSAGE, PICTURE_TOO_MANY_PIXELS_MESSAGE } from '@/lib/server/media/upload';
import { IMAGE_WIDTHS } from '@/lib/server/media/product-images';
import { MAX_PICTURES_PER_PRODUCT, PICTURE_FILE_MISSING, type ProductPicture, type ProductPictures } from '@/lib/contracts/product-pictures';
import type { ProductDetail } from '@/lib/contracts/catalogue';
import { signedInStaff, staffJson } from '../helpers/staff';
import { postChunkedFile, postParts, type Part } from '../helpers/upload';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { tag } from '../helpers/orders';

let db: Db;
let server: ApiServer;
let manager: { id: string; cookie: string };
/** A phone's photo: 3000 × 2000 stored, EXIF orientation 6 (upright: 2000 × 3000), with camera metadata. */
let camera: Buffer;
/** A 600 × 900 PNG with transparency: smaller than most widths. */
let smallPng: Buffer;
/** A 1500 × 1500 WebP. */
let squareWebp: Buffer;
/** Drawn art of a seeded picture, for pictures "from the seed". */
let drawnArt: NonNullable<typeof productImages.$inferSelect.art>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pictures-'));
const stored = path.join(dataDir, 'media', 'products');

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  getConfig().dataDir = dataDir;
  server = await startApiServer();
  manager = await signedInStaff(db, 'manager', null, 'Bisi Manager');
  camera = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneCo', Model: 'Camera 9' } } })
    .toBuffer();
  smallPng = await sharp({ create: { width: 600, height: 900, channels: 4, background: { r: 250, g: 200, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
  squareWebp = await sharp({ create: { width: 1500, height: 1500, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .webp()
    .toBuffer();
  const [seeded] = await db.select({ art: productImages.art }).from(productImages).where(eq(productImages.position, 0)).limit(1);
  drawnArt = seeded!.art!;
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A product of this file's own, with `drawn` pictures from the seed's kind. */
async function madeProduct(drawn = 0): Promise<{ id: string; slug: string; drawnIds: string[] }> {
  const t = tag();
  const id = randomUUID();
  const slug = `pictures-test-${t}`;
  await db.insert(products).values({
    id,
    slug,
    name: `Pictures Test ${t} – 12 roses`,
    description: 'A product made by the picture tests.',
    price: 45_000,
    sku: `PT-${t}`.toUpperCase(),
    type: 'simple',
    productClass: 'flowers',
    budget: 'regular',
    categories: ['roses'],
  });
  const drawnIds = Array.from({ length: drawn }, () => randomUUID());
  if (drawn > 0) await db.insert(productImages).values(drawnIds.map((imageId, position) => ({ id: imageId, productId: id, position, alt: `Drawn ${position}`, art: drawnArt })));
  return { id, slug, drawnIds };
}

const file = (bytes: Buffer, filename = 'IMG_2041.jpg', type = 'image/jpeg'): Part => ({ name: 'file', bytes, filename, type });
const alt = (value: string): Part => ({ name: 'alt', value });

const upload = (productId: string, parts: Part[], cookie: string | null = manager.cookie, origin: string | null = server.url) =>
  postParts<ProductPicture>(`${server.url}/admin/api/products/${productId}/pictures`, parts, cookie, origin);

const list = (productId: string, cookie = manager.cookie) => staffJson<ProductPictures>(server.url, 'GET', `/admin/api/products/${productId}/pictures`, undefined, cookie);
const reorder = (productId: string, pictureIds: unknown, cookie = manager.cookie) =>
  staffJson<ProductPicture[]>(server.url, 'PUT', `/admin/api/products/${productId}/pictures/order`, { pictureIds }, cookie);
const changeAlt = (productId: string, pictureId: string, body: unknown, cookie = manager.cookie) =>
  staffJson<ProductPicture>(server.url, 'PATCH', `/admin/api/products/${productId}/pictures/${pictureId}`, body, cookie);
const remove = (productId: string, pictureId: string, cookie = manager.cookie) =>
  staffJson<ProductPicture[]>(server.url, 'DELETE', `/admin/api/products/${productId}/pictures/${pictureId}`, undefined, cookie);

const storedFiles = () => (fs.existsSync(stored) ? fs.readdirSync(stored).filter((f) => !f.endsWith('.tmp')) : []);
const rowsOf = (productId: string) => db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position));
const shopperImages = async (slug: string) => {
  const res = await fetch(`${server.url}/v1/product/slug/${slug}?business=regal`);
  return ((await res.json()) as { data: ProductDetail }).data.images;
};
const served = async (src: string, width: number) => {
  const res = await fetch(`${server.url}${src}?w=${width}`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('uploading', () => {
  it('stores every width square, upright, without metadata and never enlarged; the storefront shows it at once; audited', async () => {
    const product = await madeProduct();
    const before = storedFiles().length;
    const version = contentVersion();

    const answer = await upload(product.id, [alt('Twelve red roses in a kraft wrap'), file(camera)]);
    expect([answer.status, answer.body.message]).toEqual([201, 'The picture is added']);
    expect(answer.body.data).toEqual({ id: expect.any(String), src: `/media/p/${answer.body.data.id}.webp`, alt: 'Twelve red roses in a kraft wrap', position: 0, uploaded: true });
    expect(contentVersion()).toBeGreaterThan(version);

    const [row] = await rowsOf(product.id);
    expect(row).toMatchObject({ id: answer.body.data.id, art: null, storageKey: expect.stringMatching(/^products\/[0-9a-f]{32}$/) });
    const stem = path.basename(row!.storageKey!);
    expect(storedFiles()).toHaveLength(before + IMAGE_WIDTHS.length);
    expect(
      storedFiles()
        .filter((f) => f.startsWith(stem))
        .sort(),
    ).toEqual(IMAGE_WIDTHS.map((w) => `${stem}-${w}.webp`).sort());

    // Every width the storefront asks for: square; the photo is 2000 px on its short side, so its 2500 is 2000.
    for (const width of IMAGE_WIDTHS) {
      const { res, bytes } = await served(answer.body.data.src, width);
      expect([width, res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([width, 200, 'image/webp', 'public, max-age=31536000, immutable']);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: Math.min(width, 2000), height: Math.min(width, 2000) });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }

    expect(await shopperImages(product.slug)).toEqual([{ src: answer.body.data.src, alt: 'Twelve red roses in a kraft wrap' }]);
    const audit = await contentChangesOf(db, 'picture', answer.body.data.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'created',
        before: null,
        after: { productId: product.id, alt: 'Twelve red roses in a kraft wrap', position: 0, storageKey: row!.storageKey },
        actorId: manager.id,
      }),
    ]);
  });

  it('takes JPEG, PNG and WebP by their content; each new picture goes last, after the drawn ones', async () => {
    const product = await madeProduct(2);
    const png = await upload(product.id, [alt('Sunflowers'), file(smallPng, 'sun.png', 'image/png')]);
    // A WebP sent with a wrong declared type and name is still a WebP by its bytes.
    const webp = await upload(product.id, [alt('Green box'), file(squareWebp, 'box.jpg', 'image/jpeg')]);
    expect([png.status, webp.status]).toEqual([201, 201]);
    expect([png.body.data.position, webp.body.data.position]).toEqual([2, 3]);
    const listed = await list(product.id);
    expect(listed.status).toBe(200);
    expect(listed.body.data.product).toMatchObject({ id: product.id, slug: product.slug });
    expect(listed.body.data.pictures.map((p) => [p.alt, p.position, p.uploaded])).toEqual([
      ['Drawn 0', 0, false],
      ['Drawn 1', 1, false],
      ['Sunflowers', 2, true],
      ['Green box', 3, true],
    ]);
    // 600 px on its short side: 200 and 400 are real widths, the larger ones stay 600, still square, transparency kept.
    for (const [width, side] of [
      [200, 200],
      [400, 400],
      [800, 600],
      [2500, 600],
    ] as const) {
      const meta = await sharp((await served(png.body.data.src, width)).bytes).metadata();
      expect([width, meta.width, meta.height, meta.hasAlpha]).toEqual([width, side, side, true]);
    }
    // The drawn ones are still drawn.
    const drawn = await served(listed.body.data.pictures[0]!.src, 400);
    expect([drawn.res.status, (await sharp(drawn.bytes).metadata()).width]).toEqual([200, 400]);
  });

  it('crops a wide picture to a square around its striking part', async () => {
    const product = await madeProduct();
    // Grey on the left, a red flower-like square on the right: the square keeps the red.
    const wide = await sharp({ create: { width: 1800, height: 600, channels: 3, background: { r: 128, g: 128, b: 128 } } })
      .composite([
        {
          input: await sharp({ create: { width: 500, height: 500, channels: 3, background: { r: 230, g: 20, b: 60 } } })
            .png()
            .toBuffer(),
          left: 1250,
          top: 50,
        },
      ])
      .jpeg()
      .toBuffer();
    const answer = await upload(product.id, [alt('A red rose on the right'), file(wide)]);
    const { data, info } = await sharp((await served(answer.body.data.src, 200)).bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([200, 200]);
    const centre = (100 * 200 + 100) * info.channels;
    expect(data[centre]).toBeGreaterThan(180);
    expect(data[centre + 1]).toBeLessThan(80);
  });

  it('a path in the file name is ignored: the picture is stored under its random name only', async () => {
    const product = await madeProduct();
    const answer = await upload(product.id, [alt('Roses'), file(camera, '../../../../evil.webp')]);
    expect(answer.status).toBe(201);
    const [row] = await rowsOf(product.id);
    expect(row!.storageKey).toMatch(/^products\/[0-9a-f]{32}$/);
    expect(fs.readdirSync(path.join(dataDir, 'media')).filter((f) => !f.endsWith('.webp'))).toEqual(['products']);
    expect(fs.existsSync(path.join(dataDir, '..', 'evil.webp'))).toBe(false);
    expect(storedFiles().some((f) => f.includes('evil'))).toBe(false);
  });
});

describe('refused uploads change nothing and leave no file', () => {
  let product: { id: string; slug: string };
  beforeAll(async () => {
    product = await madeProduct(1);
  });

  async function refused(parts: Part[], status: number, message?: string, cookie: string | null = manager.cookie, origin: string | null = server.url, productId = product.id) {
    const before = storedFiles().length;
    const version = contentVersion();
    const answer = await upload(productId, parts, cookie, origin);
    expect(answer.status).toBe(status);
    if (message) expect(answer.body.message).toBe(message);
    expect((await rowsOf(product.id)).map((r) => r.position)).toEqual([0]);
    expect(storedFiles()).toHaveLength(before);
    expect(contentVersion()).toBe(version);
  }

  const roses = alt('Roses');

  it('a text file named like a picture, with an image type: 415', async () => {
    await refused([roses, file(Buffer.from('#!/bin/sh\necho not a picture\n'.repeat(50)), 'roses.jpg', 'image/jpeg')], 415, PICTURE_NOT_IMAGE_MESSAGE);
  });

  it('an SVG (an image, but drawn by a format that can carry script): 415', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><script>alert(1)</script><rect width="800" height="800"/></svg>';
    await refused([roses, file(Buffer.from(svg), 'roses.svg', 'image/svg+xml')], 415, PICTURE_NOT_IMAGE_MESSAGE);
  });

  it('a file over 15 MB: 413', async () => {
    await refused([roses, file(Buffer.concat([camera, Buffer.alloc(16 * 1024 * 1024, 7)]))], 413, PICTURE_TOO_LARGE_MESSAGE);
  });

  it('a file over 15 MB sent without a length (chunked): the upload stops at the cap, 413', async () => {
    const before = storedFiles().length;
    const res = await postChunkedFile(`${server.url}/admin/api/products/${product.id}/pictures`, {
      cookie: manager.cookie,
      origin: server.url,
      text: { name: 'alt', value: 'Roses' },
      fileField: 'file',
      start: camera,
      megabytes: 17,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(PICTURE_TOO_LARGE_MESSAGE);
    expect(await rowsOf(product.id)).toHaveLength(1);
    expect(storedFiles()).toHaveLength(before);
  });

  it('a small file that decodes to too many pixels: 413', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refused([roses, file(bomb, 'bomb.png', 'image/png')], 413, PICTURE_TOO_MANY_PIXELS_MESSAGE);
  });

  it('a picture under 400 px on its short side: 400 naming the size', async () => {
    const tiny = await sharp({ create: { width: 900, height: 300, channels: 3, background: { r: 200, g: 0, b: 0 } } })
      .jpeg()
      .toBuffer();
    await refused([roses, file(tiny)], 400, 'file: the picture is 900 × 300 px; it needs at least 400 px on its shorter side (pictures are shown square, up to 2500 px)');
  });

  it('alt text missing, blank or over 200 characters; the file missing: 400 naming the field', async () => {
    await refused([file(camera)], 400, 'alt is required: describe what the picture shows');
    await refused([alt('   '), file(camera)], 400, 'alt is required: describe what the picture shows');
    await refused([alt('r'.repeat(201)), file(camera)], 400, 'alt: must be at most 200 characters');
    await refused([alt('Roses\u0000'), file(camera)], 400, 'alt must not contain control characters');
    await refused([roses], 400, PICTURE_FILE_MISSING);
  });

  it('unknown fields and a second file: 400; a body that is not multipart: 415', async () => {
    await refused([roses, { name: 'storageKey', value: 'products/../../x' }, file(camera)], 400);
    await refused([roses, file(camera), file(camera, 'b.jpg')], 400);
    const res = await fetch(`${server.url}/admin/api/products/${product.id}/pictures`, {
      method: 'POST',
      headers: { cookie: manager.cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ alt: 'Roses', file: 'x' }),
    });
    expect(res.status).toBe(415);
  });

  it('a florist (403), a rider (403), another site (403), no Origin (403), nobody signed in (401), an unknown product (404)', async () => {
    await refused([roses, file(camera)], 403, 'A florist cannot do this', (await signedInStaff(db, 'florist', 'lagos')).cookie);
    await refused([roses, file(camera)], 403, undefined, (await signedInStaff(db, 'rider', 'lagos')).cookie);
    await refused([roses, file(camera)], 403, undefined, manager.cookie, 'https://evil.example');
    await refused([roses, file(camera)], 403, undefined, manager.cookie, null);
    await refused([roses, file(camera)], 401, undefined, 'staff_session=nonsense');
    await refused([roses, file(camera)], 404, 'Product not found', manager.cookie, server.url, randomUUID());
    await refused([roses, file(camera)], 404, 'Product not found', manager.cookie, server.url, '..%2F..%2Fetc');
  });

  it(`a product with ${MAX_PICTURES_PER_PRODUCT} pictures takes no more: 409`, async () => {
    const full = await madeProduct(MAX_PICTURES_PER_PRODUCT);
    const before = storedFiles().length;
    const answer = await upload(full.id, [roses, file(camera)]);
    expect([answer.status, answer.body.message]).toEqual([409, TOO_MANY_PICTURES]);
    expect(storedFiles()).toHaveLength(before);
  });

  it('when the row cannot be written after the files were stored, the files are removed again', async () => {
    // The route checks the count before reading the upload; here the product fills up in between.
    const full = await madeProduct(MAX_PICTURES_PER_PRODUCT);
    const temp = path.join(dataDir, 'upload.jpg');
    fs.writeFileSync(temp, camera);
    const before = storedFiles().length;
    await expect(addPicture(db, manager, full.id, { alt: 'Roses', file: temp }, new Date())).rejects.toMatchObject({ status: 409 });
    expect(storedFiles()).toHaveLength(before);
    expect(await rowsOf(full.id)).toHaveLength(MAX_PICTURES_PER_PRODUCT);
  });
});

describe('ordering, alt text and removal', () => {
  /** A product with one drawn picture and three uploads: [drawn, a, b, c]. */
  async function withPictures() {
    const product = await madeProduct(1);
    const ids = [product.drawnIds[0]!];
    for (const [name, bytes] of [
      ['A', camera],
      ['B', smallPng],
      ['C', squareWebp],
    ] as const) {
      const answer = await upload(product.id, [alt(`Picture ${name}`), file(bytes)]);
      expect(answer.status).toBe(201);
      ids.push(answer.body.data.id);
    }
    return { ...product, ids };
  }

  it('puts the pictures in a new order: the storefront shows the new first picture on its next call; each move audited', async () => {
    const product = await withPictures();
    const [drawn, a, b, c] = product.ids as [string, string, string, string];
    const version = contentVersion();
    const res = await reorder(product.id, [c, drawn, b, a]);
    expect([res.status, res.body.message]).toEqual([200, 'The pictures are in their new order']);
    expect(res.body.data.map((p) => [p.id, p.position])).toEqual([
      [c, 0],
      [drawn, 1],
      [b, 2],
      [a, 3],
    ]);
    expect(contentVersion()).toBeGreaterThan(version);
    expect((await shopperImages(product.slug)).map((i) => i.alt)).toEqual(['Picture C', 'Drawn 0', 'Picture B', 'Picture A']);
    // b kept its place: no line for it.
    expect((await contentChangesOf(db, 'picture', c)).at(-1)).toMatchObject({ action: 'reordered', before: { position: 3, productId: product.id }, after: { position: 0, alt: 'Picture C' } });
    expect((await contentChangesOf(db, 'picture', b)).map((l) => l.action)).toEqual(['created']);

    // The same order again changes nothing.
    const again = await reorder(product.id, [c, drawn, b, a]);
    expect([again.status, again.body.message]).toEqual([200, 'Nothing to change']);
    expect((await contentChangesOf(db, 'picture', c)).filter((l) => l.action === 'reordered')).toHaveLength(1);
  });

  it('refuses a list that is not exactly the product’s pictures (409) or is malformed (400), changing nothing', async () => {
    const product = await withPictures();
    const other = await withPictures();
    const [drawn, a, b, c] = product.ids as [string, string, string, string];
    const positions = async () => (await rowsOf(product.id)).map((r) => r.id);
    const before = await positions();

    expect(await reorder(product.id, [c, b, a])).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^pictureIds must list exactly this product's pictures: 1 is missing/) } });
    expect(await reorder(product.id, [c, b, a, other.ids[1]])).toMatchObject({ status: 409, body: { message: expect.stringMatching(/1 is missing, 1 is not one of them/) } });
    expect(await reorder(product.id, [c, b, a, drawn, other.ids[1]])).toMatchObject({ status: 409 });
    expect(await reorder(product.id, [c, b, a, a])).toMatchObject({ status: 400, body: { message: 'pictureIds must name each picture once' } });
    expect(await reorder(product.id, [c, b, a, 'drawn'])).toMatchObject({ status: 400, body: { message: 'pictureIds.3: must be a picture id' } });
    expect((await reorder(product.id, [])).status).toBe(400);
    expect((await reorder(product.id, 'all')).status).toBe(400);
    expect((await reorder(randomUUID(), [c, b, a, drawn])).status).toBe(404);
    expect(await positions()).toEqual(before);
    expect((await rowsOf(other.id)).map((r) => r.productId)).toEqual(Array(4).fill(other.id));
  });

  it('changes an alt text (audited, on the storefront at once); refuses a blank or long one and another product’s picture', async () => {
    const product = await withPictures();
    const other = await withPictures();
    const [, a] = product.ids as [string, string];
    const res = await changeAlt(product.id, a, { alt: '  Twelve red roses, hand-tied  ' });
    expect([res.status, res.body.message, res.body.data.alt]).toEqual([200, 'The alt text is changed', 'Twelve red roses, hand-tied']);
    expect((await shopperImages(product.slug))[1]!.alt).toBe('Twelve red roses, hand-tied');
    expect((await contentChangesOf(db, 'picture', a)).at(-1)).toMatchObject({
      action: 'updated',
      before: { alt: 'Picture A', position: 1 },
      after: { alt: 'Twelve red roses, hand-tied', position: 1 },
    });
    expect((await changeAlt(product.id, a, { alt: 'Twelve red roses, hand-tied' })).body.message).toBe('Nothing to change');

    expect(await changeAlt(product.id, a, { alt: '' })).toMatchObject({ status: 400, body: { message: 'alt is required: describe what the picture shows' } });
    expect(await changeAlt(product.id, a, {})).toMatchObject({ status: 400, body: { message: 'alt is required: describe what the picture shows' } });
    expect(await changeAlt(product.id, a, { alt: 'x'.repeat(201) })).toMatchObject({ status: 400, body: { message: 'alt: must be at most 200 characters' } });
    expect(await changeAlt(product.id, a, { alt: 'Roses', position: 0 })).toMatchObject({ status: 400 });
    // Another product's picture, reached through this product: as unknown as any other id.
    expect(await changeAlt(product.id, other.ids[1]!, { alt: 'Mine now' })).toMatchObject({ status: 404, body: { message: PICTURE_NOT_FOUND } });
    expect(await changeAlt(product.id, 'not-a-picture', { alt: 'Roses' })).toMatchObject({ status: 404 });
    expect((await rowsOf(other.id))[1]!.alt).toBe('Picture A');
  });

  it('removes a picture: the ones after it move up, its files go, the storefront no longer shows it; audited', async () => {
    const product = await withPictures();
    const [drawn, a, b, c] = product.ids as [string, string, string, string];
    const stemOfA = path.basename((await rowsOf(product.id))[1]!.storageKey!);
    const version = contentVersion();
    const res = await remove(product.id, a);
    expect([res.status, res.body.message]).toEqual([200, 'The picture is removed']);
    expect(res.body.data.map((p) => [p.id, p.position])).toEqual([
      [drawn, 0],
      [b, 1],
      [c, 2],
    ]);
    expect(contentVersion()).toBeGreaterThan(version);
    expect(storedFiles().filter((f) => f.startsWith(stemOfA))).toEqual([]);
    expect((await served(`/media/p/${a}.webp`, 800)).res.status).toBe(404);
    expect((await shopperImages(product.slug)).map((i) => i.alt)).toEqual(['Drawn 0', 'Picture B', 'Picture C']);
    expect((await contentChangesOf(db, 'picture', a)).at(-1)).toMatchObject({ action: 'deleted', before: { alt: 'Picture A', position: 1, productId: product.id }, after: null });
    expect((await contentChangesOf(db, 'picture', b)).at(-1)).toMatchObject({ action: 'reordered', before: { position: 2 }, after: { position: 1 } });

    // A drawn picture goes too (it has no stored files; its rendered widths leave the cache), then its address and id are unknown.
    expect((await served(`/media/p/${drawn}.webp`, 400)).res.status).toBe(200);
    expect((await remove(product.id, drawn)).body.data.map((p) => p.id)).toEqual([b, c]);
    expect((await served(`/media/p/${drawn}.webp`, 400)).res.status).toBe(404);
    expect((await remove(product.id, drawn)).status).toBe(404);
  });

  it('keeps the files while another product’s picture (a duplicate) still names them', async () => {
    const product = await withPictures();
    const copy = await madeProduct();
    const [, a] = product.ids as [string, string];
    const [row] = await db.select().from(productImages).where(eq(productImages.id, a));
    const copyId = randomUUID();
    await db.insert(productImages).values({ id: copyId, productId: copy.id, position: 0, alt: row!.alt, storageKey: row!.storageKey });
    const stem = path.basename(row!.storageKey!);

    expect((await remove(product.id, a)).status).toBe(200);
    expect(storedFiles().filter((f) => f.startsWith(stem))).toHaveLength(IMAGE_WIDTHS.length);
    expect((await served(`/media/p/${copyId}.webp`, 400)).res.status).toBe(200);

    expect((await remove(copy.id, copyId)).status).toBe(200);
    expect(storedFiles().filter((f) => f.startsWith(stem))).toEqual([]);
  });

  it('refuses another product’s picture (404), florists and riders (403), another site (403), changing nothing', async () => {
    const product = await withPictures();
    const other = await withPictures();
    const [drawn, a, b, c] = product.ids as [string, string, string, string];
    expect(await remove(product.id, other.ids[2]!)).toMatchObject({ status: 404, body: { message: PICTURE_NOT_FOUND } });
    expect(await rowsOf(other.id)).toHaveLength(4);

    const florist = (await signedInStaff(db, 'florist', 'lagos')).cookie;
    const rider = (await signedInStaff(db, 'rider', 'abuja')).cookie;
    for (const cookie of [florist, rider]) {
      expect((await list(product.id, cookie)).status).toBe(403);
      expect((await reorder(product.id, [c, b, a, drawn], cookie)).status).toBe(403);
      expect((await changeAlt(product.id, a, { alt: 'Florist was here' }, cookie)).status).toBe(403);
      expect((await remove(product.id, a, cookie)).status).toBe(403);
    }
    const foreign = await fetch(`${server.url}/admin/api/products/${product.id}/pictures/${a}`, { method: 'DELETE', headers: { cookie: manager.cookie, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await rowsOf(product.id)).map((r) => [r.id, r.alt])).toEqual([
      [drawn, 'Drawn 0'],
      [a, 'Picture A'],
      [b, 'Picture B'],
      [c, 'Picture C'],
    ]);
  });

  it('an owner may do it too; the list of an unknown product is a 404', async () => {
    const owner = (await signedInStaff(db, 'owner', null)).cookie;
    const product = await madeProduct(2);
    expect((await list(product.id, owner)).body.data.pictures).toHaveLength(2);
    expect((await reorder(product.id, [...product.drawnIds].reverse(), owner)).status).toBe(200);
    expect((await list(randomUUID())).status).toBe(404);
  });
});
