/** @jest-environment node */
/**
 * The server-side API client (lib/api/server.ts) asks for its answers uncompressed: the shop
 * would compress each one (brotli or gzip, scripts/compress.mjs) only for the page's own render
 * to decompress it again, on a call that crosses no network. Checked against the app server's
 * real compression, so the answer arrives as sent, not merely with a header asked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerApi } from '@/lib/api/server';
import type * as Compress from '../../../scripts/compress.mjs';

let server: http.Server;
let url: string;
const asked: (string | undefined)[] = [];
const sent: (string | undefined)[] = [];
const ITEMS = Array.from({ length: 40 }, (_, i) => ({ slug: `red-roses-${i}`, name: `Red Roses Bouquet ${i}`, price: 55000 + i * 1500 }));

beforeAll(async () => {
  const { compressAnswers } = (await import('../../../scripts/compress.mjs')) as typeof Compress;
  const compress = compressAnswers();
  server = http.createServer((req, res) => {
    asked.push(req.headers['accept-encoding'] as string | undefined);
    compress(req, res);
    res.setHeader('Content-Type', 'application/json');
    res.once('finish', () => sent.push(res.getHeader('content-encoding') as string | undefined));
    res.end(JSON.stringify({ data: ITEMS }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('a catalogue call asks for its answer uncompressed and gets it so', async () => {
  const api = createServerApi({ baseURL: url, business: 'shop' });
  const res = await api.http.get('/v1/product/paginate?pageSize=40');
  expect(res.data).toEqual({ data: ITEMS });
  expect(asked).toEqual(['identity']);
  expect(sent).toEqual([undefined]);
});
