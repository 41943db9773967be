/** @jest-environment node */
/**
 * The server's JSON log (lib/server/log.ts): what a line holds (level, time, message, pid, and the
 * request id while a request is served), and that a failing call over real HTTP writes one error
 * line with its request id (the one its answer carries) and the path, and none of what was sent:
 * no query value, no body value, no bearer token, no database message. Also Next's hook for page
 * errors (instrumentation.ts `onRequestError`): the route's pattern, never the address asked for.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { captureLogs, currentRequestId, log, requestContext, type LogCapture } from '@/lib/server/log';
import type { ApiRequest } from '@/lib/server/http/route';
import profileRoute from '@/pages/api/v1/regal/account/profile';
import { onRequestError } from '@/instrumentation';
import { serveShopApi } from '../../helpers/account';
import { tag } from '../../helpers/orders';

const api = serveShopApi('log-test');
let capture: LogCapture;

beforeEach(() => {
  capture = captureLogs();
});

afterEach(() => {
  capture.stop();
});

describe('a log line', () => {
  it('is one JSON object with level, time, message and pid; no request id outside a request', () => {
    log().info({ area: 'test', count: 2 }, 'something happened');
    expect(capture.raw).toHaveLength(1);
    expect(capture.raw[0]).toMatch(/^\{.*\}\n$/);
    const [line] = capture.lines();
    expect(line).toMatchObject({ level: 30, pid: process.pid, msg: 'something happened', area: 'test', count: 2 });
    expect(new Date(line!.time).toISOString()).toBe(line!.time);
    expect(line).not.toHaveProperty('requestId');
  });

  it('carries the id of the request it is written for, across awaits, and only inside it', async () => {
    await requestContext().run({ requestId: 'a1b2c3d4' }, async () => {
      log().warn('before');
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(currentRequestId()).toBe('a1b2c3d4');
      log().error({ area: 'test' }, 'after');
    });
    log().info('outside');
    expect(capture.lines().map((line) => [line.msg, line.level, line.requestId])).toEqual([
      ['before', 40, 'a1b2c3d4'],
      ['after', 50, 'a1b2c3d4'],
      ['outside', 30, undefined],
    ]);
  });

  it('is not written below the level asked for', () => {
    capture.stop();
    capture = captureLogs('warn');
    log().info('quiet');
    log().warn('loud');
    expect(capture.lines().map((line) => line.msg)).toEqual(['loud']);
  });
});

describe('a failing API call over HTTP', () => {
  async function refuseUserUpdates(on: boolean): Promise<void> {
    if (!on) {
      for (const statement of ['DROP TRIGGER IF EXISTS log_test_users ON users', 'DROP FUNCTION IF EXISTS log_test_refuse()']) await api.db.execute(sql.raw(statement));
      return;
    }
    // Like a duplicate key's detail, the database's message then carries the whole row.
    await api.db.execute(sql.raw(`CREATE FUNCTION log_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused row %', row_to_json(NEW); END $$`));
    await api.db.execute(sql.raw('CREATE TRIGGER log_test_users BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION log_test_refuse()'));
  }

  afterEach(async () => {
    await refuseUserUpdates(false);
  });

  /** What a shopper sends to the failing call, each value unique to this run. */
  function sent() {
    return { queryEmail: `query.${tag()}@example.com`, queryRef: `qref-${tag()}${tag()}`, name: `Chiamaka ${tag()}`, phone: '08097651234' };
  }

  /** Sends the profile change with a query, a body and the bearer token. */
  async function failingCall(base: string, token: string, values: ReturnType<typeof sent>): Promise<Response> {
    const query = new URLSearchParams({ email: values.queryEmail, ref: values.queryRef });
    return fetch(`${base}/v1/regal/account/profile?${query}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': api.ip },
      body: JSON.stringify({ name: values.name, phone: values.phone, phoneCountryCode: '+234' }),
    });
  }

  /** That the run's lines hold one error line, for `requestId`, without any of `secrets`. */
  function expectOneCleanErrorLine(requestId: string, secrets: string[]): void {
    const errors = capture.lines().filter((line) => line.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: 'request failed', area: 'api', method: 'PUT', path: '/v1/regal/account/profile', requestId, code: 'P0001', table: 'users' });
    expect(errors[0]!.error).toMatch(/^DrizzleQueryError/);
    const text = capture.raw.join('');
    for (const secret of secrets) expect([secret, text.includes(secret)]).toEqual([secret, false]);
    for (const marker of ['refused row', 'Failed query', 'params', 'Bearer', '?', '0809 765 1234', '+2348097651234']) expect([marker, text.includes(marker)]).toEqual([marker, false]);
  }

  it('answers 500 quoting the id it answers with, and logs one line with that id and none of what was sent', async () => {
    const shopper = await api.signUp();
    await refuseUserUpdates(true);
    const values = sent();
    const res = await failingCall(api.url, shopper.token, values);
    expect(res.status).toBe(500);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f]{8}$/);
    expect(await res.json()).toEqual({ data: null, error: true, status: 500, message: `Something went wrong on our side. Please try again. (ref ${requestId})` });
    expectOneCleanErrorLine(requestId!, [shopper.token, shopper.email, shopper.password, ...Object.values(values)]);
  });

  it('under a request context (as scripts/serve.mjs opens one), uses its id for the answer, the 500 and the line', async () => {
    const shopper = await api.signUp();
    await refuseUserUpdates(true);
    // The route served the way serve.mjs serves Next's handler: inside the request's context.
    const server = http.createServer((req, res) => {
      const request = req as ApiRequest;
      request.query = Object.fromEntries(new URL(req.url ?? '/', 'http://shop').searchParams);
      void requestContext().run({ requestId: 'feedc0de' }, () => profileRoute(request, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const values = sent();
      const res = await failingCall(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, shopper.token, values);
      expect(res.status).toBe(500);
      expect(res.headers.get('x-request-id')).toBe('feedc0de');
      expect(((await res.json()) as { message: string }).message).toMatch(/\(ref feedc0de\)$/);
      expectOneCleanErrorLine('feedc0de', [shopper.token, shopper.email, ...Object.values(values)]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a call that succeeds writes no error line, and its answer still carries an id', async () => {
    const shopper = await api.signUp();
    const res = await failingCall(api.url, shopper.token, sent());
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}$/);
    expect(capture.lines().filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe("Next's report of a page that failed (instrumentation.ts)", () => {
  it('logs the route pattern and the error class, never the address, its query or the message', async () => {
    const runtime = process.env.NEXT_RUNTIME;
    process.env.NEXT_RUNTIME = 'nodejs';
    try {
      const email = `page.${tag()}@example.com`;
      const error = Object.assign(new Error(`no order for ${email}`), { params: [email] });
      await requestContext().run({ requestId: '0badc0de' }, () =>
        onRequestError(
          error,
          { path: `/account/orders/RF123?email=${encodeURIComponent(email)}`, method: 'GET', headers: {} },
          { routerKind: 'Pages Router', routePath: '/account/orders/[number]', routeType: 'render', revalidateReason: undefined, renderSource: undefined },
        ),
      );
      expect(capture.lines()).toEqual([
        expect.objectContaining({ level: 50, msg: 'request failed', area: 'page', method: 'GET', route: '/account/orders/[number]', routeType: 'render', requestId: '0badc0de', error: 'Error' }),
      ]);
      const text = capture.raw.join('');
      for (const value of [email, encodeURIComponent(email), 'RF123', 'no order']) expect([value, text.includes(value)]).toEqual([value, false]);
    } finally {
      if (runtime === undefined) delete process.env.NEXT_RUNTIME;
      else process.env.NEXT_RUNTIME = runtime;
    }
  });
});
