/**
 * Staff sign-in (issue 13, "Staff and access"): e-mail and password, plus an e-mailed code on a
 * browser the member has not proven before; logout of one session or of all; choosing or changing
 * a password; the owner adding a member and the invitation mail (re-sent from manage.ts); the
 * `staff:add` command's insert.
 *
 * What an answer may reveal: an unknown e-mail, a wrong password and an inactive member all get
 * 401 'Incorrect email or password' after the same argon2 work and the same failure count; only
 * the right password of an active member gets further (a session, or `needsCode`). Failures are
 * slowed down per e-mail and per address (429 with Retry-After, `limits.ts`).
 *
 * Session fixation: a sign-in never keeps a session the browser presents; that session is ended
 * and a new random one is issued. Never logged: passwords, codes, tokens.
 */
import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { staff } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { HttpError } from '@/lib/server/http/errors';
import { enqueueMail } from '@/lib/server/mail/mailer';
import { staffCodeMail, staffInviteMail } from '@/lib/server/mail/templates';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from '@/lib/server/security/passwords';
import { assertAllowed, clearCounter, recordEvent } from '@/lib/server/security/rate-limit';
import type { RequestContext } from '@/lib/server/services/accounts/context';
import { branchLabel, STAFF_ROLE_LABELS, type StaffBranch, type StaffMember, type StaffRole } from '@/lib/domain/staff';
import {
  STAFF_CODE_MESSAGES,
  STAFF_CODE_VALID_MINUTES,
  STAFF_INCORRECT_LOGIN,
  STAFF_INVITE_HOURS,
  type StaffLoginAnswer,
  type StaffMe,
  type StaffSignedInAnswer,
} from '@/lib/contracts/staff';
import { requireStaff, type SignedInStaff } from '@/lib/server/services/staff/access';
import { consumeCode, issueCode, type CodeOutcome } from '@/lib/server/services/staff/codes';
import { staffCodeAccount, staffCodeCounters, staffCodeSendCounter, staffLoginAccount, staffLoginCounters } from '@/lib/server/services/staff/limits';
import { findStaffByEmail, insertStaff, staffMe, type StaffRow } from '@/lib/server/services/staff/members';
import { auditFields, recordStaffChange } from '@/lib/server/services/staff/audit';
import {
  clearedDeviceCookie,
  clearedSessionCookie,
  deviceCookie,
  deviceToken,
  forgetDevices,
  isKnownDevice,
  rememberDevice,
  revokeAllSessions,
  revokeSessionToken,
  sessionCookie,
  sessionToken,
  startSession,
  touchDevice,
} from '@/lib/server/services/staff/sessions';

type Req = Pick<IncomingMessage, 'headers' | 'socket'>;

/** A call's answer with the `Set-Cookie` values it sets. */
export type WithCookies<T> = { data: T; cookies: string[] };

const MINUTE_MS = 60_000;

export const CURRENT_STAFF_PASSWORD_NEEDED = 'Please enter your current password';
export const CURRENT_STAFF_PASSWORD_WRONG = 'Your current password is not correct';

/** Ends a session the browser presents (whoever's), then starts the member's new one: the session cookie. */
async function signIn(db: Db, req: Req, member: StaffRow, now: Date): Promise<string> {
  const presented = sessionToken(req);
  if (presented) await revokeSessionToken(db, presented, now);
  return sessionCookie(req, await startSession(db, member.id, now));
}

/**
 * `POST /admin/api/auth/login`: the right password of an active member signs in from a known
 * device, or e-mails a code (`needsCode`); anything else is 401 'Incorrect email or password'.
 */
export async function staffLogin(db: Db, req: Req, body: { email: string; password: string }, ctx: RequestContext): Promise<WithCookies<StaffLoginAnswer>> {
  const counters = staffLoginCounters(body.email, ctx.ip);
  await assertAllowed(db, counters, ctx.now);
  const member = await findStaffByEmail(db, body.email);
  const verified = member?.passwordHash ? await verifyPassword(member.passwordHash, body.password) : await verifyNothing(body.password);
  if (!member || !verified || !member.active) {
    await recordEvent(db, counters, ctx.now);
    throw new HttpError(401, STAFF_INCORRECT_LOGIN);
  }
  await clearCounter(db, staffLoginAccount(body.email));
  if (needsRehash(member.passwordHash!)) {
    await db.update(staff).set({ passwordHash: await hashPassword(body.password) }).where(eq(staff.id, member.id));
  }

  const device = deviceToken(req);
  if (device && (await isKnownDevice(db, member.id, device, ctx.now))) {
    await touchDevice(db, member.id, device, ctx.now);
    const cookies = [await signIn(db, req, member, ctx.now), deviceCookie(req, device)];
    return { data: { needsCode: false, staff: staffMe(member) }, cookies };
  }

  const sends = staffCodeSendCounter(member.id);
  await assertAllowed(db, [sends], ctx.now);
  await recordEvent(db, [sends], ctx.now);
  await db.transaction(async (tx) => {
    const code = await issueCode(tx, member.id, STAFF_CODE_VALID_MINUTES * MINUTE_MS, ctx.now);
    await enqueueMail(tx, 'staff-code', staffCodeMail({ to: member.email, brand: getConfig().brandName, code, validMinutes: STAFF_CODE_VALID_MINUTES, name: member.name }));
  });
  return { data: { needsCode: true }, cookies: [] };
}

/**
 * `POST /admin/api/auth/code`: the member's e-mailed code signs them in and remembers the
 * browser; 400 for a wrong, expired, used or dead code (an unknown or inactive e-mail reads as
 * a wrong code), 429 past 5 wrong codes per e-mail in 15 minutes (20 per address).
 */
export async function staffCode(db: Db, req: Req, body: { email: string; code: string }, ctx: RequestContext): Promise<WithCookies<StaffSignedInAnswer>> {
  const counters = staffCodeCounters(body.email, ctx.ip);
  await assertAllowed(db, counters, ctx.now);
  const member = await findStaffByEmail(db, body.email);
  let outcome: CodeOutcome = 'wrong';
  if (member?.active) outcome = await db.transaction((tx) => consumeCode(tx, member.id, body.code, ctx.now));
  if (outcome !== 'ok' || !member) {
    await recordEvent(db, counters, ctx.now);
    throw new HttpError(400, STAFF_CODE_MESSAGES[outcome === 'ok' ? 'wrong' : outcome]);
  }
  await clearCounter(db, staffCodeAccount(body.email));
  await clearCounter(db, staffLoginAccount(body.email));
  const device = await rememberDevice(db, member.id, deviceToken(req), ctx.now);
  const cookies = [await signIn(db, req, member, ctx.now), deviceCookie(req, device)];
  return { data: { staff: staffMe(member) }, cookies };
}

/** `POST /admin/api/auth/logout`: ends the session the request carries (if any) and deletes its cookie. */
export async function staffLogout(db: Db, req: Req, now: Date): Promise<WithCookies<null>> {
  const token = sessionToken(req);
  if (token) await revokeSessionToken(db, token, now);
  return { data: null, cookies: [clearedSessionCookie(req)] };
}

/**
 * `POST /admin/api/auth/logout-all`: ends every session of the signed-in member and forgets their
 * devices (a lost phone: the next sign-in anywhere needs a code); deletes both cookies here.
 */
export async function staffLogoutAll(db: Db, req: Req, now: Date): Promise<WithCookies<null>> {
  const member = await requireStaff(db, req, { now });
  await revokeAllSessions(db, member.id, now);
  await forgetDevices(db, member.id);
  return { data: null, cookies: [clearedSessionCookie(req), clearedDeviceCookie(req)] };
}

/**
 * `POST /admin/api/auth/password`: sets the signed-in member's password. The current one is
 * needed unless none was ever set (an invited member after their code); a wrong one counts as a
 * failed login (403, 429 past the limit). Every other session of the member ends.
 */
export async function setStaffPassword(
  db: Db,
  member: SignedInStaff,
  body: { password: string; currentPassword?: string },
  ctx: RequestContext,
): Promise<StaffMe> {
  const [row] = await db.select({ passwordHash: staff.passwordHash }).from(staff).where(eq(staff.id, member.id));
  if (row?.passwordHash) {
    const counters = staffLoginCounters(member.email, ctx.ip);
    await assertAllowed(db, counters, ctx.now);
    if (!body.currentPassword) throw new HttpError(403, CURRENT_STAFF_PASSWORD_NEEDED);
    if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
      await recordEvent(db, counters, ctx.now);
      throw new HttpError(403, CURRENT_STAFF_PASSWORD_WRONG);
    }
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, member.id));
    await revokeAllSessions(tx, member.id, ctx.now, member.sessionId);
  });
  return { ...staffMe({ ...member, passwordHash }) };
}

/** What the owner sends to add a member. */
export type StaffInvite = { email: string; name: string; role: StaffRole; branch?: StaffBranch };

/**
 * `POST /admin/api/staff` (owner only): adds a member without a password and e-mails them a
 * sign-in code valid 24 hours; with it they sign in and choose their password. 409 for a taken e-mail.
 */
export async function inviteStaff(db: Db, owner: SignedInStaff, input: StaffInvite, now: Date): Promise<StaffMember> {
  const member = await db.transaction(async (tx) => {
    const added = await insertStaff(tx, { ...input, branch: input.branch ?? null, passwordHash: null, createdBy: owner.id }, now);
    await recordStaffChange(tx, { memberId: added.id, actor: owner, action: 'added', before: null, after: auditFields(added) }, now);
    return added;
  });
  await sendInvitation(db, member, now);
  const { passwordSet: _passwordSet, ...created } = staffMe(member);
  return created;
}

/**
 * E-mails a member an invitation with a new sign-in code valid 24 hours (replacing any live
 * code): at the owner's call that adds them, and again when the owner re-sends it. Counts as a
 * code e-mailed to the member: 429 past 5 an hour.
 */
export async function sendInvitation(db: Db, member: Pick<StaffRow, 'id' | 'email' | 'name' | 'role' | 'branch'>, now: Date): Promise<void> {
  const sends = staffCodeSendCounter(member.id);
  await assertAllowed(db, [sends], now);
  await recordEvent(db, [sends], now);
  const config = getConfig();
  await db.transaction(async (tx) => {
    const code = await issueCode(tx, member.id, STAFF_INVITE_HOURS * 60 * MINUTE_MS, now);
    const roleText = `${STAFF_ROLE_LABELS[member.role].toLowerCase()} (${branchLabel(member.branch).toLowerCase()})`;
    const invitation = staffInviteMail({ to: member.email, brand: config.brandName, code, validHours: STAFF_INVITE_HOURS, name: member.name, roleText, signInUrl: `${config.siteUrl}/admin/login` });
    await enqueueMail(tx, 'staff-invite', invitation);
  });
}

/** What the `staff:add` command creates: a member with a password. */
export type NewStaffWithPassword = { email: string; name: string; role: StaffRole; branch: StaffBranch | null; password: string };

/** Adds a member with a password (the `staff:add` command); 400 for a role without its branch, 409 for a taken e-mail. */
export async function addStaffWithPassword(db: Db, input: NewStaffWithPassword, now: Date): Promise<StaffMember> {
  const { password, ...rest } = input;
  const passwordHash = await hashPassword(password);
  const member = await db.transaction(async (tx) => {
    const added = await insertStaff(tx, { ...rest, passwordHash, createdBy: null }, now);
    await recordStaffChange(tx, { memberId: added.id, actor: null, action: 'added', before: null, after: auditFields(added) }, now);
    return added;
  });
  const { passwordSet: _passwordSet, ...created } = staffMe(member);
  return created;
}
