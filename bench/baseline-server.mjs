#!/usr/bin/env node
/**
 * The bench's lower bound: a plain `node:http` server that answers every request with one HTML
 * page held in memory (plain, and gzipped once at start for clients that accept gzip, as the
 * shop's page cache does). Whatever the shop costs beyond this is Next, the cache and the app.
 * Usage: node bench/baseline-server.mjs <html-file> [port]; prints `listening on <port>` when ready.
 */
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';

const [file, portArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/baseline-server.mjs <html-file> [port]');
  process.exit(2);
}
const body = fs.readFileSync(file);
const gzipped = zlib.gzipSync(body, { level: 6 });

const server = http.createServer((req, res) => {
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  const out = gzip ? gzipped : body;
  res.setHeader('Content-Length', out.length);
  res.end(req.method === 'HEAD' ? undefined : out);
});
server.listen(Number(portArg || 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on ${typeof address === 'object' && address ? address.port : portArg}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
