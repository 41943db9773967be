/** @jest-environment node */
/**
 * The owner manages staff (issue 13) over real HTTP against the real database: the list
 * (`GET /admin/api/staff`), changes (`PATCH /admin/api/staff/{id}`: role, branch, name,
 * deactivating and reactivating), re-sending an invitation (`POST /admin/api/staff/{id}/invite`,
 * the code read from the dev outbox), and the refusals: a florist or rider without a branch, an
 * owner's own deactivation or demotion, the last active owner, other roles (403 on every call),
 * nobody signed in (401), another site's Origin, bad bodies (400 naming the field), unknown ids.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { staff } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { mailIdle } from '@/lib/server/mail/mailer';
import type { OutboxEntry } from '@/lib/server/mail/outbox';
import type { StaffAuditPage, StaffListMember, StaffMe } from '@/lib/contracts/staff';
import type { StaffBranch, StaffRole } from '@/lib/domain/staff';
import { addStaffWithPassword } from '@/lib/server/services/staff/auth';
import { insertStaff } from '@/lib/server/services/staff/members';
import { startSession } from '@/lib/server/services/staff/sessions';
import { SELF_DEACTIVATE, SELF_DEMOTE, STAFF_NOT_FOUND, inactiveInviteMessage, lastOwnerMessage, passwordChosenMessage } from '@/lib/server/services/staff/manage';
import { closeTestDatabase, openTestDatabase, usingPostgres } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-staff-manage-'));
let db: Db;
let server: ApiServer;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.DATA_DIR = dataDir;
  getConfig().dataDir = dataDir;
  db = (await openTestDatabase()).db;
  server = await startApiServer();
});

afterAll(async () => {
  await mailIdle();
  await server.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// --- helpers ----------------------------------------------------------------------------------

let serial = 0;
function tag(): string {
  serial += 1;
  return `${Date.now().toString(36)}${serial}${Math.random().toString(36).slice(2, 6)}`;
}

type Body<T> = { data: T; error: boolean; message: string };
type Signed = { id: string; email: string; name: string; cookie: string };

/** A member with a live session (no password unless `password` is given). */
async function signedIn(role: StaffRole, branch: StaffBranch | null = null, options: { name?: string; password?: string } = {}): Promise<Signed> {
  const email = `manage.${tag()}@example.com`;
  const name = options.name ?? `Test ${role} ${tag()}`;
  const member = options.password
    ? await addStaffWithPassword(db, { email, name, role, branch, password: options.password }, new Date())
    : await insertStaff(db, { email, name, role, branch, passwordHash: null, createdBy: null }, new Date());
  return { id: member.id, email, name, cookie: `staff_session=${await startSession(db, member.id, new Date())}` };
}

/** A call as a browser on the shop's pages sends it (the shop's Origin on writes unless `origin` says otherwise). */
async function call<T = StaffListMember>(method: string, url: string, as: Signed | null, body?: unknown, origin: string | null = server.url) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (as) headers.cookie = as.cookie;
  if (origin && method !== 'GET') headers.origin = origin;
  const res = await fetch(`${server.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Body<T> };
}

const change = (as: Signed, id: string, body: unknown, origin?: string | null) => call('PATCH', `/admin/api/staff/${id}`, as, body, origin);
const list = async (as: Signed) => {
  const answer = await call<StaffListMember[]>('GET', '/admin/api/staff', as);
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const me = (as: Signed) => call<StaffMe>('GET', '/admin/api/auth/me', as);
const login = (email: string, password: string) => call<{ needsCode: boolean }>('POST', '/admin/api/auth/login', null, { email, password });

async function lastMailTo(email: string): Promise<OutboxEntry | undefined> {
  await mailIdle();
  const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`);
  return ((await res.json()) as Body<OutboxEntry[]>).data[0];
}
const codeIn = (mail: OutboxEntry | undefined) => /sign-in code is: (\d{6})/.exec(mail?.text ?? '')?.[1];

// --- the list ---------------------------------------------------------------------------------

describe('the staff list', () => {
  it('shows every member, active ones first and then by name, with their password state and last sign-in', async () => {
    const owner = await signedIn('owner');
    const t = tag();
    const zara = await signedIn('florist', 'abuja', { name: `${t} Zara`, password: 'a florist password' });
    const bola = await signedIn('rider', 'lagos', { name: `${t} bola` });
    const ada = await insertStaff(db, { email: `ada.${t}@example.com`, name: `${t} Ada`, role: 'manager', branch: null, passwordHash: null, createdBy: owner.id }, new Date());
    await db.update(staff).set({ active: false }).where(eq(staff.id, bola.id));

    const members = await list(owner);
    const mine = members.filter((m) => m.name.startsWith(t));
    expect(mine.map((m) => m.name)).toEqual([`${t} Ada`, `${t} Zara`, `${t} bola`]);
    expect(mine[0]).toEqual({
      id: ada.id,
      email: `ada.${t}@example.com`,
      name: `${t} Ada`,
      role: 'manager',
      branch: null,
      active: true,
      passwordSet: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastSignInAt: null,
    });
    expect(mine[1]).toMatchObject({ id: zara.id, role: 'florist', branch: 'abuja', active: true, passwordSet: true, lastSignInAt: expect.stringMatching(/^\d{4}-/) });
    expect(mine[2]).toMatchObject({ id: bola.id, active: false, passwordSet: false });
    // Every active member comes before every deactivated one, and no answer carries a hash.
    expect(members.findIndex((m) => !m.active)).toBeGreaterThan(members.findLastIndex((m) => m.active));
    expect(JSON.stringify(members)).not.toMatch(/argon2|passwordHash/);
  });
});

// --- changes ----------------------------------------------------------------------------------

describe('changing a member', () => {
  it('changes role, branch and name, at once for the member’s next call; a florist or a rider needs a branch', async () => {
    const owner = await signedIn('owner');
    const kemi = await signedIn('florist', 'lagos');

    const rider = await change(owner, kemi.id, { role: 'rider', branch: 'abuja', name: '  Kemi Rider ' });
    expect(rider.status).toBe(200);
    expect(rider.body.data).toMatchObject({ id: kemi.id, name: 'Kemi Rider', role: 'rider', branch: 'abuja', active: true });
    expect(rider.body.message).toBe('Kemi Rider is changed');
    expect((await me(kemi)).body.data).toMatchObject({ role: 'rider', branch: 'abuja' });

    // Promoted to manager of every branch; back to florist without a branch is refused.
    expect((await change(owner, kemi.id, { role: 'manager', branch: null })).body.data).toMatchObject({ role: 'manager', branch: null });
    const noBranch = await change(owner, kemi.id, { role: 'florist' });
    expect(noBranch.status).toBe(400);
    expect(noBranch.body.message).toBe('A florist works for one branch: give a branch (lagos or abuja)');
    const riderWithout = await change(owner, kemi.id, { role: 'rider', branch: null });
    expect(riderWithout.status).toBe(400);
    const florist = await change(owner, kemi.id, { role: 'florist', branch: 'lagos' });
    expect(florist.body.data).toMatchObject({ role: 'florist', branch: 'lagos' });
    // A florist's branch cannot be taken away alone either.
    expect((await change(owner, kemi.id, { branch: null })).status).toBe(400);
    expect((await me(kemi)).body.data).toMatchObject({ role: 'florist', branch: 'lagos' });
  });

  it('deactivating ends the member’s sessions at once and they cannot sign in; reactivating lets them sign in again', async () => {
    const owner = await signedIn('owner');
    const password = 'a manager password';
    const tunde = await signedIn('manager', null, { password });
    expect((await me(tunde)).status).toBe(200);

    const off = await change(owner, tunde.id, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ id: tunde.id, active: false });
    expect(off.body.message).toMatch(/is deactivated and signed out everywhere/);
    const next = await me(tunde);
    expect(next.status).toBe(401);
    expect(next.body.message).toBe('Please sign in');
    const refused = await login(tunde.email, password);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Incorrect email or password');
    expect((await list(owner)).find((m) => m.id === tunde.id)).toMatchObject({ active: false });

    const on = await change(owner, tunde.id, { active: true });
    expect(on.status).toBe(200);
    expect(on.body.data.active).toBe(true);
    // The old session stays ended; signing in works again (a code, on this unknown device).
    expect((await me(tunde)).status).toBe(401);
    const again = await login(tunde.email, password);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ needsCode: true });
  });

  it('an owner cannot deactivate or demote themselves, but may deactivate or demote another owner', async () => {
    const owner = await signedIn('owner');
    const other = await signedIn('owner');
    const self = await change(owner, owner.id, { active: false });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(SELF_DEACTIVATE);
    const demoted = await change(owner, owner.id, { role: 'manager' });
    expect(demoted.status).toBe(409);
    expect(demoted.body.message).toBe(SELF_DEMOTE);
    expect((await me(owner)).body.data).toMatchObject({ role: 'owner' });
    // Their own name is theirs to change.
    expect((await change(owner, owner.id, { name: 'Ada Owner' })).body.data).toMatchObject({ name: 'Ada Owner', role: 'owner', active: true });

    expect((await change(owner, other.id, { role: 'manager' })).body.data).toMatchObject({ role: 'manager' });
    expect((await change(owner, other.id, { role: 'owner' })).body.data).toMatchObject({ role: 'owner' });
    expect((await change(owner, other.id, { active: false })).body.data).toMatchObject({ active: false });
    expect((await me(other)).status).toBe(401);
  });

  // The PostgreSQL test database is shared by test files running side by side, which keep adding
  // owners: there the shop is never down to one. The embedded database is this file's own.
  (usingPostgres ? it.skip : it)('the last active owner cannot be deactivated or demoted, not even by two owners at once', async () => {
    const sole = await signedIn('owner', null, { name: 'Sole Owner' });
    const others = await db
      .update(staff)
      .set({ active: false })
      .where(and(eq(staff.role, 'owner'), eq(staff.active, true), ne(staff.id, sole.id)))
      .returning({ id: staff.id });
    try {
      for (const body of [{ active: false }, { role: 'manager' }, { role: 'florist', branch: 'lagos' }]) {
        const refused = await change(sole, sole.id, body);
        expect(refused.status).toBe(409);
        expect(refused.body.message).toBe(lastOwnerMessage('Sole Owner'));
      }
      expect((await me(sole)).body.data).toMatchObject({ role: 'owner' });

      // Two owners deactivate each other at the same moment: one wins, one active owner remains.
      const second = await signedIn('owner');
      const answers = await Promise.all([change(sole, second.id, { active: false }), change(second, sole.id, { active: false })]);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 200).map((a) => a.status)[0]).toBeGreaterThanOrEqual(401);
      const rows = await db.select({ active: staff.active }).from(staff).where(inArray(staff.id, [sole.id, second.id]));
      expect(rows.filter((r) => r.active)).toHaveLength(1);
    } finally {
      if (others.length > 0) await db.update(staff).set({ active: true }).where(inArray(staff.id, others.map((o) => o.id)));
    }
  });
});

// --- invitations ------------------------------------------------------------------------------

describe('re-sending an invitation', () => {
  it('e-mails a new code that signs the member in (the old one no longer works), five codes an hour', async () => {
    const owner = await signedIn('owner');
    const email = `invited.${tag()}@example.com`;
    const added = await call<{ id: string }>('POST', '/admin/api/staff', owner, { email, name: 'Yemi Rider', role: 'rider', branch: 'lagos' });
    expect(added.status).toBe(201);
    const first = codeIn(await lastMailTo(email));
    expect(first).toMatch(/^\d{6}$/);

    const resent = await call('POST', `/admin/api/staff/${added.body.data.id}/invite`, owner, {});
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(`A new sign-in code is e-mailed to ${email}`);
    expect(resent.body.data).toMatchObject({ email, passwordSet: false, active: true });
    const mail = await lastMailTo(email);
    expect(mail!.subject).toBe('You have been added to the Regal Flowers back office');
    const second = codeIn(mail);
    expect(second).toMatch(/^\d{6}$/);
    if (second !== first) {
      const old = await call('POST', '/admin/api/auth/code', null, { email, code: first });
      expect(old.status).toBe(400);
    }
    const signed = await call<{ staff: StaffMe }>('POST', '/admin/api/auth/code', null, { email, code: second });
    expect(signed.status).toBe(200);

    // The invitation and four re-sends in an hour; the next is refused.
    for (let i = 0; i < 3; i++) expect((await call('POST', `/admin/api/staff/${added.body.data.id}/invite`, owner, {})).status).toBe(200);
    const limited = await call('POST', `/admin/api/staff/${added.body.data.id}/invite`, owner, {});
    expect(limited.status).toBe(429);
  });

  it('is refused for a member who has a password (409), a deactivated one (409) and an unknown id (404)', async () => {
    const owner = await signedIn('owner');
    const withPassword = await signedIn('manager', null, { name: 'Bisi Manager', password: 'a manager password' });
    const one = await call('POST', `/admin/api/staff/${withPassword.id}/invite`, owner, {});
    expect(one.status).toBe(409);
    expect(one.body.message).toBe(passwordChosenMessage('Bisi Manager'));
    const gone = await signedIn('florist', 'abuja', { name: 'Gone Florist' });
    await change(owner, gone.id, { active: false });
    const two = await call('POST', `/admin/api/staff/${gone.id}/invite`, owner, {});
    expect(two.status).toBe(409);
    expect(two.body.message).toBe(inactiveInviteMessage('Gone Florist'));
    const unknown = await call('POST', '/admin/api/staff/00000000-0000-4000-8000-000000000000/invite', owner, {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(STAFF_NOT_FOUND);
  });
});

// --- refusals ---------------------------------------------------------------------------------

describe('the staff audit', () => {
  it('records who added, changed, deactivated, reactivated and re-invited whom, before and after, with the address; append-only; owners only', async () => {
    const owner = await signedIn('owner', null, { name: `Femi Owner ${tag()}` });
    const added = await call<{ id: string; name: string }>('POST', '/admin/api/staff', owner, { email: `audit.${tag()}@example.com`, name: `Kemi Audit ${tag()}`, role: 'florist', branch: 'lagos' });
    expect(added.status).toBe(201);
    const id = added.body.data.id;
    expect((await change(owner, id, { role: 'rider' })).status).toBe(200);
    expect((await change(owner, id, { active: false })).status).toBe(200);
    expect((await change(owner, id, { active: true })).status).toBe(200);
    expect((await call('POST', `/admin/api/staff/${id}/invite`, owner, {})).status).toBe(200);
    // A refused change writes nothing.
    expect((await change(owner, id, { role: 'florist', branch: null })).status).toBe(400);

    const page = await call<StaffAuditPage>('GET', '/admin/api/staff/audit', owner);
    expect(page.status).toBe(200);
    const mine = page.body.data.rows.filter((r) => r.member === added.body.data.name);
    const by = `${owner.name} (Owner)`;
    const kemi = { name: added.body.data.name, branch: 'lagos' };
    expect(mine.map((r) => [r.action, r.actor, r.before, r.after])).toEqual([
      ['invitation_sent', by, null, null],
      ['reactivated', by, { ...kemi, role: 'rider', active: false }, { ...kemi, role: 'rider', active: true }],
      ['deactivated', by, { ...kemi, role: 'rider', active: true }, { ...kemi, role: 'rider', active: false }],
      ['changed', by, { ...kemi, role: 'florist', active: true }, { ...kemi, role: 'rider', active: true }],
      ['added', by, null, { ...kemi, role: 'florist', active: true }],
    ]);
    expect(mine.every((r) => /127\.0\.0\.1|::1/.test(r.address))).toBe(true);

    // Rows cannot be changed or removed, not even by the database's own user.
    await expect(db.execute(sql`update staff_audit set action = 'changed'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from staff_audit`)).rejects.toThrow();
    // The staff:add command is named as such.
    const commandMade = await addStaffWithPassword(db, { email: `cmd.${tag()}@example.com`, name: `Cmd ${tag()}`, role: 'manager', branch: null, password: 'a long password here' }, new Date());
    const again = await call<StaffAuditPage>('GET', '/admin/api/staff/audit', owner);
    expect(again.body.data.rows.find((r) => r.member === commandMade.name)).toMatchObject({ action: 'added', actor: 'The staff:add command', address: '' });
    // Only owners read it.
    expect((await call('GET', '/admin/api/staff/audit', await signedIn('manager'))).status).toBe(403);
  });
});

describe('refusals', () => {
  it('a manager, a florist and a rider get 403 on every staff call; nobody signed in gets 401', async () => {
    const target = await signedIn('florist', 'lagos');
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin/api/staff'],
      ['POST', '/admin/api/staff', { email: `x.${tag()}@example.com`, name: 'X', role: 'florist', branch: 'lagos' }],
      ['PATCH', `/admin/api/staff/${target.id}`, { active: false }],
      ['POST', `/admin/api/staff/${target.id}/invite`, {}],
    ];
    for (const [role, branch] of [['manager', null], ['florist', 'lagos'], ['rider', 'abuja']] as const) {
      const member = await signedIn(role, branch);
      for (const [method, url, body] of calls) {
        const refused = await call(method, url, member, body);
        expect([role, method, url, refused.status, refused.body.message]).toEqual([role, method, url, 403, `A ${role} cannot do this`]);
      }
    }
    for (const [method, url, body] of calls) expect((await call(method, url, null, body)).status).toBe(401);
    expect((await me(target)).status).toBe(200);
  });

  it('refuses a write from another site or without an Origin, before anything happens', async () => {
    const owner = await signedIn('owner');
    const target = await signedIn('rider', 'lagos');
    const foreign = await change(owner, target.id, { active: false }, 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('Cross-site requests are not accepted');
    expect((await change(owner, target.id, { active: false }, null)).status).toBe(403);
    expect((await call('POST', `/admin/api/staff/${target.id}/invite`, owner, {}, 'https://evil.example')).status).toBe(403);
    expect((await me(target)).status).toBe(200);
  });

  it('answers 400 naming the field for a bad body, and 404 for an unknown id', async () => {
    const owner = await signedIn('owner');
    const target = await signedIn('florist', 'lagos');
    const cases: [unknown, string | RegExp][] = [
      [{}, 'Send at least one of name, role, branch, active'],
      [{ role: 'chef' }, 'role must be one of owner, manager, florist, rider'],
      [{ branch: 'kano' }, 'branch must be one of lagos, abuja'],
      [{ active: 'no' }, 'active must be true or false'],
      [{ name: '   ' }, 'name must not be empty'],
      [{ name: 'x'.repeat(101) }, /^name/],
      [{ name: 'Kemi\u0000' }, 'name must not contain control characters'],
      [{ email: 'new@example.com' }, 'email is not a field of this call'],
    ];
    for (const [body, message] of cases) {
      const refused = await change(owner, target.id, body);
      expect([body, refused.status]).toEqual([body, 400]);
      expect(refused.body.message).toMatch(message);
    }
    expect((await call('POST', `/admin/api/staff/${target.id}/invite`, owner, { again: true })).body.message).toBe('again is not a field of this call');

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-staff-id']) {
      const missing = await change(owner, id, { active: false });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(STAFF_NOT_FOUND);
    }
    expect((await me(target)).body.data).toMatchObject({ role: 'florist', branch: 'lagos' });
  });
});
