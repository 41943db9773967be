/** @jest-environment node */
/** Product pictures: drawn, rendered to WebP at the allowed widths, cached on disk. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createApiClient } from '@/lib/api/client';
import * as calls from '@/lib/api/calls';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';

let server: ApiServer;
let imageSrc: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-'));

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  await openTestDatabase();
  server = await startApiServer();
  const api = createApiClient({ baseURL: server.url, business: 'regal' });
  const [product] = await calls.getAllProducts(api);
  imageSrc = product!.images[0]!.src;
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it.each([800, 2500, 400])('serves a %i px WebP that browsers may cache for good', async (width) => {
  const res = await fetch(`${server.url}${imageSrc}?w=${width}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  expect(res.headers.get('cache-control')).toContain('immutable');
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect(meta).toMatchObject({ format: 'webp', width, height: width });
});

it('renders a picture once and then answers from the disk cache', async () => {
  const first = await fetch(`${server.url}${imageSrc}?w=200`);
  const bytes = Buffer.from(await first.arrayBuffer());
  const cached = fs.readdirSync(path.join(dataDir, 'media')).filter((f) => f.endsWith('-200.webp'));
  expect(cached).toHaveLength(1);
  const again = Buffer.from(await (await fetch(`${server.url}${imageSrc}?w=200`)).arrayBuffer());
  expect(again.equals(bytes)).toBe(true);
});

it('refuses a width outside the allowed ones with 400', async () => {
  expect((await fetch(`${server.url}${imageSrc}?w=123`)).status).toBe(400);
});

it('answers 404 for a picture that does not exist', async () => {
  expect((await fetch(`${server.url}/media/p/00000000-0000-5000-8000-000000000000.webp`)).status).toBe(404);
});
