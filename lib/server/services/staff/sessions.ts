/**
 * Staff sessions and remembered devices, both carried by cookies scoped to `/admin` (the
 * back-office pages and, through next.config.js's rewrite, the staff API `/admin/api/*`), so a
 * storefront request never carries them.
 *
 * - `staff_session`: 32 random bytes (base64url); the database keeps their SHA-256. A session
 *   ends at logout, 12 hours after it was last used, or 7 days after sign-in, whichever comes
 *   first, and as soon as its member is made inactive.
 * - `staff_device`: 32 random bytes; the database keeps their SHA-256 per staff member who proved
 *   an e-mailed code on that browser. A password sign-in from such a browser (used within the
 *   last 180 days) needs no code. "Sign out everywhere" forgets them.
 *
 * Both cookies are HttpOnly, SameSite=Strict, `Path=/admin`, and `Secure` when the browser came
 * over TLS (`requestIsSecure`).
 */
import type { IncomingMessage } from 'node:http';
import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { staff, staffDevices, staffSessions } from '@/lib/server/db/schema';
import { readCookie, requestIsSecure, serializeCookie } from '@/lib/server/http/cookies';
import { isTokenShaped, newToken, sha256 } from '@/lib/server/security/tokens';
import type { StaffRow } from '@/lib/server/services/staff/members';

export const SESSION_COOKIE = 'staff_session';
export const DEVICE_COOKIE = 'staff_device';
/** The path both cookies are scoped to: the back-office pages and its API. */
export const STAFF_COOKIE_PATH = '/admin';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** A session not used for this long has ended. */
export const SESSION_IDLE_MS = 12 * HOUR_MS;
/** A session ends this long after sign-in, however busy. */
export const SESSION_MAX_MS = 7 * DAY_MS;
/** A device not used to sign in for this long must prove a code again. */
export const DEVICE_MAX_IDLE_MS = 180 * DAY_MS;
/** `last_seen_at` is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;

const sessionHash = (token: string) => sha256(`staff-session:${token}`);
const deviceHash = (token: string) => sha256(`staff-device:${token}`);

type Req = Pick<IncomingMessage, 'headers' | 'socket'>;

/** The session token a request carries (well-shaped), or null. */
export function sessionToken(req: Pick<IncomingMessage, 'headers'>): string | null {
  const token = readCookie(req, SESSION_COOKIE);
  return token && isTokenShaped(token) ? token : null;
}

/** The device token a request carries (well-shaped), or null. */
export function deviceToken(req: Pick<IncomingMessage, 'headers'>): string | null {
  const token = readCookie(req, DEVICE_COOKIE);
  return token && isTokenShaped(token) ? token : null;
}

/** `Set-Cookie` for a new session. */
export function sessionCookie(req: Req, token: string): string {
  return serializeCookie(SESSION_COOKIE, token, { path: STAFF_COOKIE_PATH, maxAge: SESSION_MAX_MS / 1000, secure: requestIsSecure(req) });
}

/** `Set-Cookie` that deletes the session cookie. */
export function clearedSessionCookie(req: Req): string {
  return serializeCookie(SESSION_COOKIE, '', { path: STAFF_COOKIE_PATH, maxAge: 0, secure: requestIsSecure(req) });
}

/** `Set-Cookie` for a remembered device (sent again at each sign-in, so it lasts 180 days from the last). */
export function deviceCookie(req: Req, token: string): string {
  return serializeCookie(DEVICE_COOKIE, token, { path: STAFF_COOKIE_PATH, maxAge: DEVICE_MAX_IDLE_MS / 1000, secure: requestIsSecure(req) });
}

/** `Set-Cookie` that deletes the device cookie. */
export function clearedDeviceCookie(req: Req): string {
  return serializeCookie(DEVICE_COOKIE, '', { path: STAFF_COOKIE_PATH, maxAge: 0, secure: requestIsSecure(req) });
}

/** Starts a session for a member; answers its token (for the cookie). Deletes the member's ended sessions. */
export async function startSession(db: Db, staffId: string, now: Date): Promise<string> {
  const token = newToken();
  await db
    .delete(staffSessions)
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        or(
          lt(staffSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
          lt(staffSessions.createdAt, new Date(now.getTime() - SESSION_MAX_MS)),
          lt(staffSessions.revokedAt, new Date(now.getTime() - DAY_MS)),
        ),
      ),
    );
  await db.insert(staffSessions).values({ staffId, tokenHash: sessionHash(token), createdAt: now, lastSeenAt: now });
  return token;
}

export type LiveSession = { sessionId: string; lastSeenAt: Date; member: StaffRow };

/**
 * The live session of a token with its member: not revoked, used within the last 12 hours,
 * started within the last 7 days, and its member active. Null otherwise.
 */
export async function liveSession(db: Db, token: string, now: Date): Promise<LiveSession | null> {
  const [row] = await db
    .select({ sessionId: staffSessions.id, lastSeenAt: staffSessions.lastSeenAt, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, sessionHash(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        gt(staffSessions.createdAt, new Date(now.getTime() - SESSION_MAX_MS)),
        eq(staff.active, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Records that a session was just used (at most once a minute), which pushes its idle end back. */
export async function touchSession(db: Db, session: Pick<LiveSession, 'sessionId' | 'lastSeenAt'>, now: Date): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, session.sessionId));
}

/** Ends the session of a token, whoever's it is (logout; a session presented at sign-in). */
export async function revokeSessionToken(db: Db, token: string, now: Date): Promise<void> {
  await db.update(staffSessions).set({ revokedAt: now }).where(and(eq(staffSessions.tokenHash, sessionHash(token)), isNull(staffSessions.revokedAt)));
}

/** Ends every session of a member, but `exceptSessionId` when given (a password change keeps the one that made it). */
export async function revokeAllSessions(db: Db, staffId: string, now: Date, exceptSessionId?: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), exceptSessionId ? ne(staffSessions.id, exceptSessionId) : undefined));
}

/** Whether a member proved a code on the browser holding this device token, and used it within 180 days. */
export async function isKnownDevice(db: Db, staffId: string, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ lastUsed: staffDevices.lastUsed })
    .from(staffDevices)
    .where(and(eq(staffDevices.staffId, staffId), eq(staffDevices.deviceHash, deviceHash(token)), gt(staffDevices.lastUsed, new Date(now.getTime() - DEVICE_MAX_IDLE_MS))))
    .limit(1);
  return Boolean(row);
}

/** Whether any member proved a code on the browser holding this token (the shop issued it). */
async function isIssuedDevice(db: Db, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ lastUsed: staffDevices.lastUsed })
    .from(staffDevices)
    .where(and(eq(staffDevices.deviceHash, deviceHash(token)), gt(staffDevices.lastUsed, new Date(now.getTime() - DEVICE_MAX_IDLE_MS))))
    .limit(1);
  return Boolean(row);
}

/**
 * Remembers the browser for a member who just proved a code on it; answers the device token for
 * the cookie. A browser that already holds a token the shop issued (a shared shop phone) keeps
 * it, so every member who proved a code there stays known; any other value (none, or one the
 * shop never issued) gets a new random token.
 */
export async function rememberDevice(db: Db, staffId: string, presented: string | null, now: Date): Promise<string> {
  const token = presented && (await isIssuedDevice(db, presented, now)) ? presented : newToken();
  await db
    .insert(staffDevices)
    .values({ staffId, deviceHash: deviceHash(token), firstSeen: now, lastUsed: now })
    .onConflictDoUpdate({ target: [staffDevices.staffId, staffDevices.deviceHash], set: { lastUsed: now } });
  return token;
}

/** Records a password sign-in from a known device (its 180 days start again). */
export async function touchDevice(db: Db, staffId: string, token: string, now: Date): Promise<void> {
  await db
    .update(staffDevices)
    .set({ lastUsed: now })
    .where(and(eq(staffDevices.staffId, staffId), eq(staffDevices.deviceHash, deviceHash(token))));
}

/** Forgets every device of a member (sign out everywhere: the next sign-in needs a code). */
export async function forgetDevices(db: Db, staffId: string): Promise<void> {
  await db.delete(staffDevices).where(eq(staffDevices.staffId, staffId));
}
