/** @jest-environment node */
/**
 * Staff and access (issue 13) over real HTTP against the real database: the `staff:add` command,
 * sign-in with password plus an e-mailed code on a new device (read from the dev outbox, as the
 * shoppers' OTP tests do) and without one on a known device, answers that do not tell unknown
 * e-mails from wrong passwords, the limits, the cookies' attributes, session fixation, idle and
 * absolute expiry (the clock moved), logout and logout everywhere, inactive members, the Origin
 * rule for writes, roles (`requireStaff`), the owner's invitation and choosing a password.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/client';
import { staff, staffSessions } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { mailIdle } from '@/lib/server/mail/mailer';
import type { OutboxEntry } from '@/lib/server/mail/outbox';
import { advanceClock, resetClock } from '@/lib/server/security/clock';
import type { StaffMe } from '@/lib/contracts/staff';
import type { StaffRole } from '@/lib/domain/staff';
import { requireStaff, roleRefusedMessage, staffActor } from '@/lib/server/services/staff/access';
import { staffAdd, type CommandIo } from '@/scripts/staff-command';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-staff-'));
let server: ApiServer;
let database: Database;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.DATA_DIR = dataDir;
  // Clients are told apart by X-Forwarded-For, as behind one trusted proxy.
  process.env.TRUST_PROXY = '1';
  database = await openTestDatabase();
  server = await startApiServer();
});

afterEach(() => resetClock());

afterAll(async () => {
  await mailIdle();
  await server.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// --- helpers ----------------------------------------------------------------------------------

const HOUR = 60 * 60 * 1000;

type Body<T> = { data: T; error: boolean; message: string; status?: number };
type Answer<T> = { status: number; body: Body<T>; headers: Headers; cookies: string[] };

/** A browser's cookies for /admin (what it would send back). */
type Browser = { session?: string; device?: string; ip: string };

let serial = 0;
const n = () => Math.floor(Math.random() * 250) + 1;
const newIp = () => `10.${n()}.${n()}.${n()}`;
function tag(): string {
  serial += 1;
  return `${Date.now().toString(36)}${serial}${Math.random().toString(36).slice(2, 6)}`;
}
const browser = (): Browser => ({ ip: newIp() });

function cookieHeader(b: Browser | undefined): string | undefined {
  if (!b) return undefined;
  const parts = [b.session && `staff_session=${b.session}`, b.device && `staff_device=${b.device}`].filter(Boolean);
  return parts.length ? parts.join('; ') : undefined;
}

/** Keeps what the answer's Set-Cookie headers say, like a browser (Max-Age=0 deletes). */
function keep(b: Browser, cookies: string[]): void {
  for (const cookie of cookies) {
    const [pair] = cookie.split(';');
    const [name, value] = pair!.split('=') as [string, string];
    const deleted = /Max-Age=0\b/.test(cookie);
    if (name === 'staff_session') b.session = deleted ? undefined : value;
    if (name === 'staff_device') b.device = deleted ? undefined : value;
  }
}

type CallOptions = { body?: unknown; as?: Browser; origin?: string | null; headers?: Record<string, string>; ip?: string };

async function call<T = unknown>(method: string, url: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': options.ip ?? options.as?.ip ?? '192.0.2.9' };
  // A browser sends its page's origin with every write; `null` leaves it out.
  const origin = options.origin === undefined ? server.url : options.origin;
  if (origin !== null) headers.origin = origin;
  const cookie = cookieHeader(options.as);
  if (cookie) headers.cookie = cookie;
  Object.assign(headers, options.headers);
  const res = await fetch(`${server.url}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const cookies = res.headers.getSetCookie();
  if (options.as) keep(options.as, cookies);
  return { status: res.status, body: (await res.json()) as Body<T>, headers: res.headers, cookies };
}

const silent: CommandIo = { readStdin: async () => '', out: () => undefined, err: () => undefined };

/** A member made with the command; answers their e-mail and password. */
async function member(role: StaffRole = 'owner', branch?: 'lagos' | 'abuja') {
  const email = `staff.${tag()}@example.com`;
  const lines: string[] = [];
  const args = ['--email', email, '--name', `Staff ${role}`, '--role', role, ...(branch ? ['--branch', branch] : [])];
  expect(await staffAdd(database.db, args, { ...silent, out: (line) => lines.push(line) })).toBe(0);
  const password = /Password \(shown once[^)]*\): (\S+)/.exec(lines.join('\n'))?.[1];
  expect(password).toHaveLength(16);
  return { email, password: password! };
}
type Member = Awaited<ReturnType<typeof member>>;

const login = (who: { email: string; password: string }, as: Browser, extra: CallOptions = {}) =>
  call<{ needsCode: boolean; staff?: StaffMe }>('POST', '/admin/api/auth/login', { body: { email: who.email, password: who.password }, as, ...extra });
const sendCode = (email: string, code: string, as: Browser, extra: CallOptions = {}) => call<{ staff: StaffMe }>('POST', '/admin/api/auth/code', { body: { email, code }, as, ...extra });
const me = (as: Browser) => call<StaffMe>('GET', '/admin/api/auth/me', { as, origin: null });

/** The newest outbox mail to an address, through the dev outbox API (as the OTP tests read it). */
async function lastMailTo(email: string): Promise<OutboxEntry | undefined> {
  await mailIdle();
  const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Body<OutboxEntry[]>).data[0];
}
async function mailsTo(email: string): Promise<number> {
  await mailIdle();
  const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}&limit=200`);
  return ((await res.json()) as Body<OutboxEntry[]>).data.length;
}
async function codeFor(email: string): Promise<string> {
  const code = /sign-in code is: (\d{6})/.exec((await lastMailTo(email))?.text ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}
const otherThan = (code: string, k = 1) => String((Number(code) + k) % 1_000_000).padStart(6, '0');

/** Signs a member in on a new browser (password, then the e-mailed code). */
async function signIn(who: Member, as: Browser = browser()): Promise<Browser> {
  const first = await login(who, as);
  expect(first.status).toBe(200);
  expect(first.body.data).toEqual({ needsCode: true });
  const done = await sendCode(who.email, await codeFor(who.email), as);
  expect(done.status).toBe(200);
  expect(as.session).toBeDefined();
  return as;
}

const attributes = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim())
    .sort();

// --- the command ------------------------------------------------------------------------------

describe('npm run staff:add', () => {
  it('creates an active member with a random 16-character password printed once, stored as argon2id', async () => {
    const email = `New.Owner.${tag()}@Example.com`;
    const out: string[] = [];
    const code = await staffAdd(database.db, ['--email', email, '--name', 'Ada Obi', '--role', 'owner'], { ...silent, out: (l) => out.push(l) });
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(text).toContain(`Added Ada Obi <${email.toLowerCase()}> as owner (all branches).`);
    const password = /: ([A-Za-z0-9]{16})$/m.exec(text)?.[1];
    expect(password).toBeDefined();
    const [row] = await database.db.select().from(staff).where(eq(staff.email, email.toLowerCase()));
    expect(row).toMatchObject({ name: 'Ada Obi', role: 'owner', branch: null, active: true, createdBy: null });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(password);
  });

  it('takes the password from standard input with --password-stdin, and a branch', async () => {
    const email = `rider.${tag()}@example.com`;
    const io = { ...silent, readStdin: async () => 'a long rider password\n' };
    const out: string[] = [];
    expect(await staffAdd(database.db, ['--email', email, '--name', 'Femi', '--role', 'rider', '--branch', 'abuja', '--password-stdin'], { ...io, out: (l) => out.push(l) })).toBe(0);
    expect(out.join('\n')).not.toMatch(/Password/);
    expect((await login({ email, password: 'a long rider password' }, browser())).body.data).toEqual({ needsCode: true });
  });

  it('refuses a taken e-mail, a florist without a branch, an unknown role, a short password and missing options, with a clear message and exit code 1', async () => {
    const taken = await member('manager');
    const cases: [string[], RegExp, string?][] = [
      [['--email', taken.email.toUpperCase(), '--name', 'Again', '--role', 'manager'], /A staff member with the e-mail .* already exists/],
      [['--email', `f.${tag()}@example.com`, '--name', 'Flo', '--role', 'florist'], /A florist works for one branch/],
      [['--email', `x.${tag()}@example.com`, '--name', 'X', '--role', 'boss'], /--role must be one of owner, manager, florist, rider/],
      [['--name', 'No Mail', '--role', 'owner'], /--email is required/],
      [['--email', `y.${tag()}@example.com`, '--name', 'Y', '--role', 'owner', '--bogus'], /Unknown option '--bogus'/],
      [['--email', `z.${tag()}@example.com`, '--name', 'Z', '--role', 'owner', '--password-stdin'], /at least 12 characters/, 'short\n'],
    ];
    for (const [args, message, stdin] of cases) {
      const err: string[] = [];
      const code = await staffAdd(database.db, args, { ...silent, readStdin: async () => stdin ?? '', err: (l) => err.push(l) });
      expect(code).toBe(1);
      expect(err.join('\n')).toMatch(message);
    }
    expect(await database.db.select().from(staff).where(eq(staff.email, taken.email))).toHaveLength(1);
  });
});

// --- sign-in ----------------------------------------------------------------------------------

describe('sign-in', () => {
  it('on a new device needs the e-mailed code; the code signs in, remembers the device and /me answers the member', async () => {
    const who = await member('florist', 'lagos');
    const b = browser();
    const first = await login(who, b);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ needsCode: true });
    expect(first.cookies).toEqual([]);
    expect(b.session).toBeUndefined();
    const mail = await lastMailTo(who.email);
    expect(mail!.subject).toBe('Your Regal Flowers back-office sign-in code');
    expect(mail!.text).toContain('valid for 10 minutes');

    expect((await me(b)).status).toBe(401);
    const done = await sendCode(who.email, await codeFor(who.email), b);
    expect(done.status).toBe(200);
    expect(done.body.data.staff).toMatchObject({ email: who.email, role: 'florist', branch: 'lagos', passwordSet: true });
    expect(b.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.device).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const answer = await me(b);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ id: expect.any(String), email: who.email, name: 'Staff florist', role: 'florist', branch: 'lagos', passwordSet: true });
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('on a known device signs in with the password alone (no code, no mail)', async () => {
    const who = await member();
    const b = await signIn(who);
    const mails = await mailsTo(who.email);
    b.session = undefined;
    const again = await login(who, b);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ needsCode: false, staff: { email: who.email } });
    expect(b.session).toBeDefined();
    expect((await me(b)).status).toBe(200);
    expect(await mailsTo(who.email)).toBe(mails);
  });

  it("another member's device, or a device token the shop never issued, still needs the code", async () => {
    const first = await member();
    const second = await member();
    const shared = await signIn(first);
    shared.session = undefined;
    expect((await login(second, shared)).body.data).toEqual({ needsCode: true });
    const planted: Browser = { ip: newIp(), device: 'A'.repeat(43) };
    expect((await login(first, planted)).body.data).toEqual({ needsCode: true });
    // The shared phone keeps its token for both once the second proved a code there.
    const device = shared.device;
    await sendCode(second.email, await codeFor(second.email), shared);
    expect(shared.device).toBe(device);
    shared.session = undefined;
    expect((await login(first, shared)).body.data).toMatchObject({ needsCode: false });
  });

  it('answers an unknown e-mail, a wrong password and an invited member without a password with the same 401', async () => {
    const who = await member();
    const ip = newIp();
    const wrong = await login({ email: who.email, password: 'not the password' }, { ip });
    const unknown = await login({ email: `nobody.${tag()}@example.com`, password: 'whatever it is' }, { ip });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ data: null, error: true, message: 'Incorrect email or password', status: 401 });
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.cookies).toEqual([]);
  });

  it('a code is single use, dies after a new one, and expires after 10 minutes', async () => {
    const who = await member();
    const b = browser();
    await login(who, b);
    const old = await codeFor(who.email);
    await login(who, b);
    const code = await codeFor(who.email);
    if (old !== code) expect((await sendCode(who.email, old, b)).body.message).toBe('This code is not correct.');
    expect((await sendCode(who.email, code, b)).status).toBe(200);
    expect((await sendCode(who.email, code, browser())).body.message).toBe('This code has already been used. Please sign in again to get a new one.');

    const late = browser();
    await login(who, late);
    const lateCode = await codeFor(who.email);
    advanceClock(10 * 60_000 + 1000);
    const expired = await sendCode(who.email, lateCode, late);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This code has expired. Please sign in again to get a new one.');
  });
});

// --- limits -----------------------------------------------------------------------------------

describe('limits', () => {
  it('5 failed logins per e-mail in 15 minutes, then 429 with Retry-After, even with the right password', async () => {
    const who = await member();
    for (let i = 0; i < 5; i++) {
      expect((await login({ ...who, password: `wrong ${i}` }, browser())).status).toBe(401);
    }
    const blocked = await login(who, browser());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    advanceClock(15 * 60_000 + 1000);
    expect((await login(who, browser())).status).toBe(200);
  });

  it('20 failed logins per address across e-mails, then 429', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      expect((await login({ email: `ghost${i}.${tag()}@example.com`, password: 'guess' }, { ip })).status).toBe(401);
    }
    const blocked = await login({ email: `ghost.${tag()}@example.com`, password: 'guess' }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });

  it('5 wrong codes kill the code; the next try is 429 with Retry-After; after the window the code is still dead', async () => {
    const who = await member();
    const b = browser();
    await login(who, b);
    const code = await codeFor(who.email);
    for (let k = 1; k <= 5; k++) {
      const wrong = await sendCode(who.email, otherThan(code, k), { ip: newIp() });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('This code is not correct.');
    }
    const blocked = await sendCode(who.email, code, b);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(b.session).toBeUndefined();
    // Once the window has passed the limit lets a try through, but the code died at its fifth miss.
    advanceClock(15 * 60_000 + 1000);
    const dead = await sendCode(who.email, code, b);
    expect(dead.status).toBe(400);
    expect(dead.body.message).toBe('Too many wrong tries for this code. Please sign in again to get a new one.');
    expect(b.session).toBeUndefined();
  });
});

// --- cookies ----------------------------------------------------------------------------------

describe('cookies', () => {
  const restore: { siteUrl?: string; trustProxy?: number } = {};
  beforeEach(() => {
    restore.siteUrl = getConfig().siteUrl;
    restore.trustProxy = getConfig().trustProxy;
  });
  afterEach(() => {
    getConfig().siteUrl = restore.siteUrl!;
    getConfig().trustProxy = restore.trustProxy!;
  });

  it('session and device cookies are HttpOnly, SameSite=Strict, Path=/admin, not Secure over plain http', async () => {
    const who = await member();
    const b = browser();
    await login(who, b);
    const done = await sendCode(who.email, await codeFor(who.email), b);
    const session = done.cookies.find((c) => c.startsWith('staff_session='))!;
    const device = done.cookies.find((c) => c.startsWith('staff_device='))!;
    expect(attributes(session)).toEqual(['HttpOnly', `Max-Age=${7 * 24 * 3600}`, 'Path=/admin', 'SameSite=Strict'].sort());
    expect(attributes(device)).toEqual(['HttpOnly', `Max-Age=${180 * 24 * 3600}`, 'Path=/admin', 'SameSite=Strict'].sort());
  });

  it('are Secure behind a trusted proxy that says https, and when SITE_URL is https; a client cannot claim https without a trusted proxy', async () => {
    const who = await member();
    const proxied = browser();
    const https = { headers: { 'x-forwarded-proto': 'https' } };
    await login(who, proxied, https);
    const viaProxy = await sendCode(who.email, await codeFor(who.email), proxied, https);
    expect(viaProxy.cookies).toHaveLength(2);
    for (const cookie of viaProxy.cookies) expect(attributes(cookie)).toContain('Secure');

    getConfig().trustProxy = 0;
    const direct = browser();
    await login(who, direct, https);
    const claimed = await sendCode(who.email, await codeFor(who.email), direct, https);
    for (const cookie of claimed.cookies) expect(attributes(cookie)).not.toContain('Secure');

    getConfig().siteUrl = 'https://shop.example';
    const site = browser();
    await login(who, site);
    const bySite = await sendCode(who.email, await codeFor(who.email), site);
    for (const cookie of bySite.cookies) expect(attributes(cookie)).toContain('Secure');
    const out = await call('POST', '/admin/api/auth/logout', { as: site, body: {} });
    expect(attributes(out.cookies[0]!)).toEqual(['HttpOnly', 'Max-Age=0', 'Path=/admin', 'SameSite=Strict', 'Secure'].sort());
  });
});

// --- sessions ---------------------------------------------------------------------------------

describe('sessions', () => {
  it('session fixation: a session cookie presented at sign-in is never kept; a live one is ended', async () => {
    const who = await member();
    const other = await member();
    // A token the attacker chose, planted before the victim signs in.
    const planted = 'P'.repeat(43);
    const victim: Browser = { ip: newIp(), session: planted };
    await login(who, victim);
    await sendCode(who.email, await codeFor(who.email), victim);
    expect(victim.session).toBeDefined();
    expect(victim.session).not.toBe(planted);
    expect((await me({ ip: newIp(), session: planted })).status).toBe(401);

    // A live session of another member (an attacker's own) planted in the victim's browser.
    const attacker = await signIn(other);
    const attackerSession = attacker.session!;
    const shared: Browser = { ip: newIp(), session: attackerSession, device: victim.device };
    const signedIn = await login(who, shared);
    expect(signedIn.body.data).toMatchObject({ needsCode: false, staff: { email: who.email } });
    expect(shared.session).not.toBe(attackerSession);
    expect((await me(shared)).body.data).toMatchObject({ email: who.email });
    expect((await me({ ip: newIp(), session: attackerSession })).status).toBe(401);

    // The member's own earlier session is replaced too when presented again.
    const before = shared.session!;
    await login(who, shared);
    expect(shared.session).not.toBe(before);
    expect((await me({ ip: newIp(), session: before })).status).toBe(401);
  });

  it('ends after 12 hours idle; use pushes the end back; 7 days after sign-in it ends however busy', async () => {
    const who = await member();
    const b = await signIn(who);
    advanceClock(11 * HOUR);
    expect((await me(b)).status).toBe(200);
    advanceClock(11 * HOUR);
    expect((await me(b)).status).toBe(200);
    advanceClock(12 * HOUR + 60_000);
    const idle = await me(b);
    expect(idle.status).toBe(401);
    expect(idle.body.message).toBe('Please sign in');

    resetClock();
    const busy = await signIn(who);
    for (let hours = 11; hours < 7 * 24; hours += 11) {
      advanceClock(11 * HOUR);
      expect((await me(busy)).status).toBe(200);
    }
    advanceClock(11 * HOUR);
    expect((await me(busy)).status).toBe(401);
  });

  it('logout ends this session only; the device stays known', async () => {
    const who = await member();
    const phone = await signIn(who);
    const laptop = await signIn(who);
    const phoneSession = phone.session!;
    const out = await call('POST', '/admin/api/auth/logout', { as: phone, body: {} });
    expect(out.status).toBe(200);
    expect(out.cookies).toEqual([expect.stringMatching(/^staff_session=; .*Max-Age=0/)]);
    expect((await me({ ip: newIp(), session: phoneSession })).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
    expect((await login(who, phone)).body.data).toMatchObject({ needsCode: false });
  });

  it('logout everywhere ends every session of the member and forgets their devices', async () => {
    const who = await member();
    const bystander = await signIn(await member());
    const phone = await signIn(who);
    const laptop = await signIn(who);
    const phoneDevice = phone.device!;
    const out = await call('POST', '/admin/api/auth/logout-all', { as: laptop, body: {} });
    expect(out.status).toBe(200);
    expect(out.cookies.map((c) => c.split('=')[0]).sort()).toEqual(['staff_device', 'staff_session']);
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(bystander)).status).toBe(200);
    expect((await login(who, { ip: newIp(), device: phoneDevice })).body.data).toEqual({ needsCode: true });
    expect((await call('POST', '/admin/api/auth/logout-all', { as: laptop, body: {} })).status).toBe(401);
  });

  it('an inactive member cannot sign in (the same 401), their code does not work, and their sessions stop', async () => {
    const who = await member();
    const b = await signIn(who);
    const pending = browser();
    await login(who, pending);
    const code = await codeFor(who.email);
    await database.db.update(staff).set({ active: false }).where(eq(staff.email, who.email));
    expect((await me(b)).status).toBe(401);
    const refused = await login(who, b);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Incorrect email or password');
    expect((await sendCode(who.email, code, pending)).body.message).toBe('This code is not correct.');
    await database.db.update(staff).set({ active: true }).where(eq(staff.email, who.email));
  });
});

// --- Origin -----------------------------------------------------------------------------------

describe('writes need the shop’s own Origin', () => {
  it('refuses a write without Origin, with another site’s, with "null", and from a CORS_ORIGINS site: 403, nothing done', async () => {
    const who = await member();
    const b = await signIn(who);
    const listed = getConfig().corsOrigins;
    getConfig().corsOrigins = ['https://app.example'];
    try {
      for (const origin of [null, 'https://evil.example', 'null', 'https://app.example']) {
        const out = await call('POST', '/admin/api/auth/logout-all', { as: { ...b }, body: {}, origin });
        expect(out.status).toBe(403);
        expect(out.cookies).toEqual([]);
        expect(out.headers.get('access-control-allow-origin')).toBeNull();
        const signIn = await login(who, browser(), { origin });
        expect(signIn.status).toBe(403);
      }
      const preflight = await fetch(`${server.url}/admin/api/auth/login`, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).not.toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      getConfig().corsOrigins = listed;
    }
    expect((await me(b)).status).toBe(200);
    expect((await login({ ...who, password: 'wrong password' }, browser(), { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('accepts SITE_URL’s origin and the host the request was sent to', async () => {
    const who = await member();
    expect((await login(who, browser(), { origin: getConfig().siteUrl })).status).toBe(200);
    expect((await login(who, browser(), { origin: server.url })).status).toBe(200);
  });
});

// --- roles, invitations, passwords ------------------------------------------------------------

describe('roles', () => {
  it('requireStaff refuses a role a call does not allow (403) and answers the member otherwise; staffActor names them', async () => {
    const rider = await member('rider', 'lagos');
    const b = await signIn(rider);
    const req = { headers: { cookie: `staff_session=${b.session}` } };
    await expect(requireStaff(database.db, req, { roles: ['owner', 'manager'] })).rejects.toMatchObject({ status: 403, message: roleRefusedMessage('rider') });
    const found = await requireStaff(database.db, req, { roles: ['rider'] });
    expect(found).toMatchObject({ email: rider.email, role: 'rider', branch: 'lagos' });
    expect(staffActor(found)).toEqual({ kind: 'staff', id: found.id });
    await expect(requireStaff(database.db, { headers: {} })).rejects.toMatchObject({ status: 401 });

    const refused = await call('POST', '/admin/api/staff', { as: b, body: { email: `x.${tag()}@example.com`, name: 'X', role: 'florist', branch: 'lagos' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('A rider cannot do this');
    expect((await call('POST', '/admin/api/staff', { body: { email: 'y@example.com', name: 'Y', role: 'owner' } })).status).toBe(401);
  });

  it('an owner-only call checks the session before it reads the body (the 401 says nothing about it)', async () => {
    const out = await call('POST', '/admin/api/staff', { body: { nonsense: true } });
    expect(out.status).toBe(401);
  });
});

describe('the owner adds a member', () => {
  it('who gets a code by e-mail, signs in with it, chooses a password, and then signs in with it', async () => {
    const owner = await signIn(await member('owner'));
    const email = `invited.${tag()}@example.com`;
    const created = await call<{ id: string; role: string; branch: string }>('POST', '/admin/api/staff', {
      as: owner,
      body: { email: email.toUpperCase(), name: 'Kemi Florist', role: 'florist', branch: 'abuja' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(String), email, name: 'Kemi Florist', role: 'florist', branch: 'abuja' });
    const [row] = await database.db.select().from(staff).where(eq(staff.email, email));
    expect(row!.passwordHash).toBeNull();

    const mail = await lastMailTo(email);
    expect(mail!.subject).toBe('You have been added to the Regal Flowers back office');
    expect(mail!.text).toContain('florist (abuja)');
    expect(mail!.text).toContain('/admin/login');
    expect(mail!.text).toContain('valid for 24 hours');
    const code = /sign-in code is: (\d{6})/.exec(mail!.text)![1]!;

    const again = await call('POST', '/admin/api/staff', { as: owner, body: { email, name: 'Again', role: 'manager' } });
    expect(again.status).toBe(409);
    const noBranch = await call('POST', '/admin/api/staff', { as: owner, body: { email: `r.${tag()}@example.com`, name: 'R', role: 'rider' } });
    expect(noBranch.status).toBe(400);
    expect(noBranch.body.message).toMatch(/A rider works for one branch/);

    // No password yet: a password login fails like any other.
    expect((await login({ email, password: 'anything at all' }, browser())).status).toBe(401);

    advanceClock(20 * HOUR);
    const kemi = browser();
    const signedIn = await sendCode(email, code, kemi);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.staff).toMatchObject({ role: 'florist', branch: 'abuja', passwordSet: false });

    const chosen = await call<StaffMe>('POST', '/admin/api/auth/password', { as: kemi, body: { password: 'roses are red 2027' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.passwordSet).toBe(true);
    expect((await me(kemi)).body.data.passwordSet).toBe(true);
    kemi.session = undefined;
    expect((await login({ email, password: 'roses are red 2027' }, kemi)).body.data).toMatchObject({ needsCode: false });
  });

  it('a password change needs the current password and ends the other sessions', async () => {
    const who = await member('manager');
    const phone = await signIn(who);
    const laptop = await signIn(who);
    const missing = await call('POST', '/admin/api/auth/password', { as: laptop, body: { password: 'a brand new password' } });
    expect(missing.status).toBe(403);
    const wrong = await call('POST', '/admin/api/auth/password', { as: laptop, body: { password: 'a brand new password', currentPassword: 'nope' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('Your current password is not correct');
    const short = await call('POST', '/admin/api/auth/password', { as: laptop, body: { password: 'short', currentPassword: who.password } });
    expect(short.status).toBe(400);
    const ok = await call('POST', '/admin/api/auth/password', { as: laptop, body: { password: 'a brand new password', currentPassword: who.password } });
    expect(ok.status).toBe(200);
    expect((await me(laptop)).status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await login(who, browser())).status).toBe(401);
    const sessions = await database.db.select().from(staffSessions).innerJoin(staff, eq(staff.id, staffSessions.staffId)).where(eq(staff.email, who.email));
    expect(sessions.filter((s) => s.staff_sessions.revokedAt === null)).toHaveLength(1);
  });
});
