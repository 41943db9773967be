/**
 * Logins as bearer tokens: 32 random bytes given to the client once, stored as SHA-256 only,
 * valid for `AUTH_TOKEN_TTL_DAYS`, revoked on logout and (all of an account's) on password change.
 */
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { authTokens, users } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { hashToken, isTokenShaped, newToken } from '@/lib/server/security/tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;

/** Creates a token for the user (and deletes the user's expired and revoked ones). */
export async function issueToken(db: Db, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), or(lt(authTokens.expiresAt, now), isNotNull(authTokens.revokedAt))));
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + getConfig().authTokenTtlDays * DAY_MS),
    createdAt: now,
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

/** Revokes one token (logout). */
export async function revokeToken(db: Db, token: string, now: Date): Promise<void> {
  if (!isTokenShaped(token)) return;
  await db.update(authTokens).set({ revokedAt: now }).where(and(eq(authTokens.tokenHash, hashToken(token)), isNull(authTokens.revokedAt)));
}

/** Revokes every live token of a user (password change). */
export async function revokeAllTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(authTokens).set({ revokedAt: now }).where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}
