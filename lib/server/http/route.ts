/**
 * One wrapper for every API route: allowed methods (405 with `Allow` otherwise), the query and
 * JSON body parsed with the route's zod schemas (400 naming the field), the `business` check,
 * body size and content type limits (413, 415), and one mapping of thrown errors to statuses.
 * Every answer has the `{ data, error, message }` shape; a failure adds `status`.
 * Writes (every method but GET) that carry a foreign `Origin` are refused (403) before anything
 * else runs: a bearer token held by a page of another site must not act for its user. Providers'
 * webhooks and the app's own server-side calls send no Origin and are not affected.
 *
 * Sites listed in `CORS_ORIGINS` are the exception: their browsers' preflights (OPTIONS) get a
 * 204 naming the route's methods, and their requests pass the check and get
 * `Access-Control-Allow-Origin`; every answer says `Vary: Origin`, and scripts/page-cache.mjs
 * keys answers to requests with an Origin apart, so one site's answer never reaches another.
 * Every request has an id (`X-Request-Id`): the one the server script gave it (its request
 * context: scripts/app-server.mjs, lib/server/log.ts), or one made here where no context is open. A 500 quotes it, and the
 * JSON log line (method, path without query, error class, PostgreSQL code, table: never a message
 * or parameter) carries it.
 *
 * Staff calls (`/admin/api/*`, authenticated by a cookie) are built with `route(…, { ownOrigin:
 * true })`: every write must carry an `Origin` that is the shop's own (a missing one is refused
 * too, since a cookie, unlike a bearer token, travels by itself), CORS_ORIGINS does not apply, and
 * no CORS header is ever sent.
 *
 * Handlers get the database (`db`) in their context, and never see a `business` that is not
 * this shop's: the wrapper refuses it in the query and in the body alike.
 *
 * Route files that take a body turn Next's body parser off with the literal
 * `export const config = { api: { bodyParser: false } };`, so that the raw body is read here,
 * once, with our limits. It has to be that literal in each file: `next build` reads `config`
 * statically and fails on a re-export ("It mustn't be reexported") or a shared constant ("It
 * needs to be a static object"); see ARCHITECTURE.md, Requests.
 * __tests__/lib/server/http/route-config.test.ts checks every write route through Next's resolver.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { getConfig } from '@/lib/server/config';
import { getDb, type Db } from '@/lib/server/db/client';
import { idempotently, type IdempotentCall } from '@/lib/server/http/idempotency';
import { currentOrNewRequestId, HttpError, logServerError, newRequestId, toHttpError, withReference } from '@/lib/server/http/errors';
import { currentRequestId, requestContext } from '@/lib/server/log';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** How a route treats other sites. */
export type RouteOptions = {
  /**
   * Cookie-authenticated calls (the staff API): writes need an `Origin` that is the shop's own
   * (SITE_URL's, or the host the request was sent to); without one, or with another, 403. Sites
   * in CORS_ORIGINS get nothing either: no preflight, no CORS headers.
   */
  ownOrigin?: boolean;
};

/** Node's request plus the query Next (or the test server) puts on it. */
export type ApiRequest = IncomingMessage & { query: Record<string, string | string[] | undefined>; body?: unknown };
export type ApiResponse = ServerResponse;

export type Handled<T> = {
  data: T;
  message?: string;
  status?: number;
  headers?: Record<string, string>;
};

type Endpoint<Q extends z.ZodType, B extends z.ZodType> = {
  /**
   * Runs first, before the query and body are read (e.g. the staff token check), so that a
   * refused caller learns nothing about the call's parameters.
   */
  authorize?: (req: ApiRequest) => Promise<void> | void;
  query?: Q;
  body?: B;
  /**
   * Hands the body over unparsed as `rawBody` (same size limit, any content type) instead of
   * parsing it as JSON: for payment webhooks, whose signature covers the exact bytes.
   */
  rawBody?: boolean;
  /** Honours `Idempotency-Key` as this call (lib/server/http/idempotency.ts): a retry gets the first answer. */
  idempotent?: IdempotentCall;
  handle: (ctx: {
    req: ApiRequest;
    res: ApiResponse;
    /** The shop's database (`getDb()`), opened once per process. */
    db: Db;
    query: z.output<Q>;
    body: z.output<B>;
    /** The request body's bytes when the endpoint asked for `rawBody` (empty otherwise). */
    rawBody: Buffer;
  }) => Promise<Handled<unknown>>;
};

export const MAX_BODY_BYTES = 100 * 1024;

// Each method's endpoint keeps its own schema types through `endpoint()` below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEndpoint = Endpoint<any, any>;

/** Declares one method's endpoint with its schemas, keeping their types for `handle`. */
export function endpoint<Q extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodUnknown>(
  e: Endpoint<Q, B>,
): Endpoint<Q, B> {
  return e;
}

function send(res: ApiResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}

export function sendError(res: ApiResponse, error: HttpError): void {
  send(res, error.status, { data: null, error: true, message: error.message, status: error.status }, error.headers);
}

/** The first validation issue as a sentence that names the field. */
export function describeIssue(error: z.ZodError, where: string): string {
  const issue = error.issues[0];
  if (!issue) return `Invalid ${where}`;
  const field = issue.path.map(String).join('.');
  if (!field || issue.message.startsWith(field)) return issue.message;
  // zod 4 leaves `input` out of issues; its default message says what it received.
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return `${field} is required`;
  return `${field}: ${issue.message}`;
}

/**
 * A `business` is optional in every query and body, but when given it must name this shop.
 * @example assertBusiness('regal-flowers') // passes when BUSINESS_ID is 'regal-flowers'
 */
function assertBusiness(business: unknown): void {
  if (business === undefined) return;
  if (business !== getConfig().businessId) {
    throw new HttpError(400, `business: unknown shop "${String(business).slice(0, 64)}"`);
  }
}

/** The `business` a parsed body carries, if it is an object that has one. */
function businessOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'business' in body ? (body as { business?: unknown }).business : undefined;
}

/** Flattens Next's query object: a parameter given twice is refused rather than guessed at. */
function flatQuery(query: ApiRequest['query']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) throw new HttpError(400, `${key} must be given once`);
    if (value !== undefined) flat[key] = value;
  }
  return flat;
}

/** The body's bytes, at most MAX_BODY_BYTES (413 beyond). */
async function readRawBody(req: ApiRequest): Promise<Buffer> {
  if (Buffer.isBuffer(req.body)) return req.body;
  if (typeof req.body === 'string' && req.body !== '') return Buffer.from(req.body, 'utf8');
  if (req.body !== undefined && req.body !== '') throw new HttpError(400, 'The request body could not be read as sent');
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, `The request body is larger than ${MAX_BODY_BYTES / 1024} KB`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `The request body is larger than ${MAX_BODY_BYTES / 1024} KB`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

async function readBody(req: ApiRequest): Promise<unknown> {
  if (req.body !== undefined && req.body !== '') return req.body; // parsed upstream
  const raw = await readRawBody(req);
  if (raw.length === 0) return undefined;
  const type = String(req.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'The request body must be JSON (Content-Type: application/json)');
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
}

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not accepted';
/** A write to a cookie-authenticated call without an `Origin`: not from a browser on the shop's pages. */
export const OWN_PAGES_ONLY_MESSAGE = "This call is accepted only from the shop's own pages";

/** The `scheme://host[:port]` of a URL, or null when it is not one. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

/** The request's `Origin` when it is one of the sites listed in CORS_ORIGINS, else null. */
function listedOrigin(req: ApiRequest): string | null {
  const header = req.headers.origin;
  if (typeof header !== 'string') return null;
  const sent = header.trim().toLowerCase();
  return getConfig().corsOrigins.includes(sent) ? sent : null;
}

/** Whether the `Origin` header names this shop: its configured site or the host it was sent to. */
function sameSite(req: ApiRequest, sent: string): boolean {
  const site = originOf(getConfig().siteUrl);
  if (site && sent === site.toLowerCase()) return true;
  const host = req.headers.host?.toLowerCase();
  const origin = originOf(sent);
  return Boolean(host && origin && new URL(origin).host === host);
}

/**
 * Refuses a write sent from another site: an `Origin` header that is neither the shop's
 * configured site, nor the host the request was sent to (the same deployment under another
 * name), nor a site listed in CORS_ORIGINS.
 */
function checkOrigin(req: ApiRequest, method: Method, options: RouteOptions = {}): void {
  if (method === 'GET') return;
  const header = req.headers.origin;
  if (header === undefined) {
    if (options.ownOrigin) throw new HttpError(403, OWN_PAGES_ONLY_MESSAGE);
    return;
  }
  const sent = header.trim().toLowerCase();
  if (sameSite(req, sent) || (!options.ownOrigin && listedOrigin(req))) return;
  throw new HttpError(403, CROSS_SITE_MESSAGE);
}

/** How long a browser may reuse a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = '600';

/**
 * Puts on the answer what every API answer carries, before anything else runs: its request id
 * (`X-Request-Id`: the request context's, or a new one), `Vary: Origin`, and for a site listed
 * in CORS_ORIGINS the CORS headers that let its page read the answer (errors included). Returns
 * the request id.
 */
export function beginAnswer(req: ApiRequest, res: ApiResponse, options: RouteOptions = {}): string {
  const requestId = currentOrNewRequestId();
  res.setHeader('X-Request-Id', requestId);
  res.setHeader('Vary', 'Origin');
  const origin = options.ownOrigin ? null : listedOrigin(req);
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id, Idempotent-Replayed');
  }
  return requestId;
}

/**
 * Answers OPTIONS: a listed site's CORS preflight gets 204 with the methods `allowed`; a
 * preflight from any other site 403 (no CORS headers, so its browser sends nothing); anything
 * else 405 like any method the route does not have.
 */
export function answerOptions(req: ApiRequest, res: ApiResponse, allowed: string, options: RouteOptions = {}): void {
  const origin = options.ownOrigin ? null : listedOrigin(req);
  if (origin && req.headers['access-control-request-method'] !== undefined) {
    res.statusCode = 204;
    res.setHeader('Access-Control-Allow-Methods', allowed);
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization, Idempotency-Key');
    res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end();
    return;
  }
  const sent = req.headers.origin?.trim().toLowerCase();
  if (sent !== undefined && !origin && !sameSite(req, sent)) {
    sendError(res, new HttpError(403, CROSS_SITE_MESSAGE));
    return;
  }
  sendError(res, new HttpError(405, `Method OPTIONS is not allowed here; use ${allowed}`, { Allow: allowed }));
}

/**
 * Logs a failure of 500 or more (without its data: see `describeError`) and answers it; a 500's
 * message quotes the request id.
 */
export function sendFailure(req: ApiRequest, res: ApiResponse, requestId: string, error: unknown): void {
  const httpError = toHttpError(error);
  if (httpError.status >= 500) logServerError('api', `${req.method ?? 'GET'} ${(req.url ?? '').split('?')[0]}`, requestId, error);
  sendError(res, withReference(httpError, requestId));
}

/** Builds a Next API route handler from one endpoint per allowed method (`options`: see RouteOptions). */
export function route(endpoints: Partial<Record<Method, AnyEndpoint>>, options: RouteOptions = {}) {
  const allowed = Object.keys(endpoints).join(', ');
  return function handler(req: ApiRequest, res: ApiResponse): Promise<void> {
    // Under `npm start` a request already runs in its request context (its id on the answer
    // and on every log line); elsewhere (the tests' plain server, `next dev`) one is opened here.
    if (currentRequestId()) return serve(req, res);
    return requestContext().run({ requestId: newRequestId() }, () => serve(req, res));
  };

  async function serve(req: ApiRequest, res: ApiResponse): Promise<void> {
    const requestId = beginAnswer(req, res, options);
    const asked = (req.method ?? 'GET').toUpperCase();
    if (asked === 'OPTIONS') return answerOptions(req, res, allowed, options);
    // HEAD is a GET whose body Node leaves out: the same answer as the page cache gives it.
    const method = (asked === 'HEAD' && endpoints.GET ? 'GET' : asked) as Method;
    const spec = endpoints[method];
    if (!spec) {
      sendError(res, new HttpError(405, `Method ${method} is not allowed here; use ${allowed}`, { Allow: allowed }));
      return;
    }
    try {
      checkOrigin(req, method, options);
      if (spec.authorize) await spec.authorize(req);
      const rawQuery = flatQuery(req.query);
      assertBusiness(rawQuery.business);
      let query: unknown = rawQuery;
      if (spec.query) {
        const parsed = spec.query.safeParse(rawQuery);
        if (!parsed.success) throw new HttpError(400, describeIssue(parsed.error, 'query'));
        query = parsed.data;
      }
      let body: unknown = undefined;
      let rawBody: Buffer = Buffer.alloc(0);
      if (spec.rawBody) rawBody = await readRawBody(req);
      else if (spec.body) {
        const raw = await readBody(req);
        const parsed = spec.body.safeParse(raw ?? {});
        if (!parsed.success) throw new HttpError(400, describeIssue(parsed.error, 'body'));
        body = parsed.data;
        assertBusiness(businessOf(body));
      }
      const db = await getDb();
      // An idempotent call may run in the transaction that keeps its answer: it gets that as its db.
      const run = (handleDb: Db = db) => spec.handle({ req, res, db: handleDb, query, body, rawBody });
      const result = spec.idempotent ? await idempotently(db, spec.idempotent, req, { method, query, body, requestId }, run) : await run();
      send(res, result.status ?? 200, { data: result.data, error: false, message: result.message ?? 'OK' }, result.headers);
    } catch (error) {
      sendFailure(req, res, requestId, error);
    }
  }
}

/**
 * Cache header for public catalogue answers (the same for every caller): browsers may reuse them
 * for 60 s, shared caches (a CDN, and the server's own cache in scripts/serve.mjs) for 30 s, so a
 * busy search or category costs one query per 30 s; catalogue changes show within that time.
 */
export const PUBLIC_CACHE = { 'Cache-Control': 'public, max-age=60, s-maxage=30, stale-while-revalidate=300' };
