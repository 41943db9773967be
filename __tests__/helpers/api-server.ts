/**
 * Serves the app's real API route handlers (`pages/api/**`) over real HTTP on 127.0.0.1, with
 * the `/v1/*`, `/media/*` and `/admin/api/*` (→ `/api/staff/*`) addresses the production server
 * maps (scripts/api-routes.cjs), so
 * that tests call the shop as a client would. Routing follows Next's file conventions: static segments, `[param]` and `[...param]`.
 * The routes use the process's database, which nothing here opens or migrates: call
 * `openTestDatabase()` (helpers/db.ts: migrated, seeded, registered) before the first request.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ApiRequest, ApiResponse } from '@/lib/server/http/route';
import { toApiRoute } from '../../scripts/api-routes.cjs';

type Handler = (req: ApiRequest, res: ApiResponse) => Promise<void> | void;
type RouteEntry = { segments: string[]; file: string };

const apiRoot = path.join(process.cwd(), 'pages', 'api');

function collect(dir: string, prefix: string[], out: RouteEntry[]): void {
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) collect(full, [...prefix, name], out);
    else if (/\.tsx?$/.test(name)) {
      const base = name.replace(/\.tsx?$/, '');
      out.push({ segments: base === 'index' ? prefix : [...prefix, base], file: full });
    }
  }
}

/** Static segments beat `[param]`, which beats `[...param]` (Next's precedence). */
function rank(entry: RouteEntry): number {
  return entry.segments.reduce((score, s) => score * 3 + (s.startsWith('[...') ? 0 : s.startsWith('[') ? 1 : 2), 0);
}

function match(entry: RouteEntry, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < entry.segments.length; i++) {
    const segment = entry.segments[i]!;
    if (segment.startsWith('[...')) {
      if (i >= parts.length) return null;
      params[segment.slice(4, -1)] = parts.slice(i);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith('[')) params[segment.slice(1, -1)] = decodeURIComponent(part);
    else if (segment !== part) return null;
  }
  return entry.segments.length === parts.length ? params : null;
}

export type ApiServer = { url: string; close(): Promise<void> };

export async function startApiServer(): Promise<ApiServer> {
  const routes: RouteEntry[] = [];
  collect(apiRoot, [], routes);
  routes.sort((a, b) => b.segments.length - a.segments.length || rank(b) - rank(a));

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const pathname = toApiRoute(url.pathname);
    const parts = pathname.replace(/^\/api\/?/, '').split('/').filter(Boolean);
    for (const entry of routes) {
      const params = match(entry, parts);
      if (!params) continue;
      const query: Record<string, string | string[]> = {};
      for (const key of new Set(url.searchParams.keys())) {
        const all = url.searchParams.getAll(key);
        query[key] = all.length > 1 ? all : all[0]!;
      }
      const request = Object.assign(req, { query: { ...query, ...params } }) as ApiRequest;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const handler = (require(entry.file) as { default: Handler }).default;
      Promise.resolve(handler(request, res)).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    res.statusCode = 404;
    res.end('no route');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
