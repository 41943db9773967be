/**
 * Logins as bearer tokens: 32 random bytes given to the client once, stored as SHA-256 only,
 * valid for `AUTH_TOKEN_TTL_DAYS`, revoked on logout, and all of an account's on password change
 * and on the first proof of its e-mail (see `otp.ts`).
 *
 * Each token records how its login was made (`auth_tokens.via`, a `TokenVia`):
 * - 'password': login, signup, and the account created at checkout (the default of the column);
 * - 'otp': a one-time password e-mailed to the account's address was entered. For
 *   `FRESH_OTP_MINUTES` such a token may set a new password without the current one (the reset
 *   flow: OTP → new password);
 * - 'password-change': the token a password change answers.
 */
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { authTokens, users } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { hashToken, isTokenShaped, newToken } from '@/lib/server/security/tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;

/** How a token's login was made; stored in `auth_tokens.via`. */
export type TokenVia = 'password' | 'otp' | 'password-change';

/** Minutes during which a token issued by a one-time password may set a password without the current one. */
export const FRESH_OTP_MINUTES = 15;

/** Creates a token for the user (and deletes the user's expired and revoked ones). */
export async function issueToken(db: Db, userId: string, now: Date, via: TokenVia = 'password'): Promise<string> {
  const token = newToken();
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), or(lt(authTokens.expiresAt, now), isNotNull(authTokens.revokedAt))));
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + getConfig().authTokenTtlDays * DAY_MS),
    createdAt: now,
    via,
  });
  return token;
}

/** The user a token belongs to when the token is known, not expired and not revoked; else null. */
export async function userForToken(db: Db, token: string, now: Date): Promise<UserRow | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = await db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, hashToken(token)), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)))
    .limit(1);
  return row?.user ?? null;
}

/**
 * How and when a live token was issued, or null when it is unknown, expired or revoked. With
 * `lock` (inside a transaction) the token's row stays locked until the transaction ends, so that
 * two calls made with one token cannot both go on (a password change revokes it).
 */
export async function tokenOrigin(db: Db, token: string, now: Date, lock = false): Promise<{ via: string; issuedAt: Date } | null> {
  if (!isTokenShaped(token)) return null;
  const query = db
    .select({ via: authTokens.via, issuedAt: authTokens.createdAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Whether a token was issued by a one-time password less than `FRESH_OTP_MINUTES` ago. */
export function isFreshOtp(origin: { via: string; issuedAt: Date } | null, now: Date): boolean {
  return origin?.via === 'otp' && now.getTime() - origin.issuedAt.getTime() < FRESH_OTP_MINUTES * 60_000;
}

/** Revokes one token (logout). */
export async function revokeToken(db: Db, token: string, now: Date): Promise<void> {
  if (!isTokenShaped(token)) return;
  await db.update(authTokens).set({ revokedAt: now }).where(and(eq(authTokens.tokenHash, hashToken(token)), isNull(authTokens.revokedAt)));
}

/** Revokes every live token of a user (password change, first proof of the e-mail). */
export async function revokeAllTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(authTokens).set({ revokedAt: now }).where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}
