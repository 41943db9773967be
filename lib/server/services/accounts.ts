/**
 * Shop accounts: signup, login, one-time passwords, password change, logout, the logged-in
 * user of a request and the server cart. Every write that spans tables runs in one transaction.
 *
 * What an answer may reveal: login says 'Incorrect email or password' for an unknown e-mail and a
 * wrong password alike, after the same argon2 work; a code request answers the same whether or not
 * the e-mail has an account, and its e-mail is sent in the background. Signup's 409 and a legacy
 * account's upgrade answer are the only places an account shows, because the flows need them.
 * Repeated failures are slowed down per e-mail and per client address (429, see `rate-limit.ts`).
 *
 * Never logged: passwords, codes (except by the dev outbox in development), tokens.
 */
import { eq } from 'drizzle-orm';
import type { IncomingMessage } from 'node:http';
import type { Db } from '@/lib/server/db/client';
import { otpCodes, userCarts, users } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import {
  INCORRECT_LOGIN_MESSAGE,
  LEGACY_UPGRADE_MESSAGE,
  LOGIN_AGAIN_MESSAGE,
  OTP_MAX_ATTEMPTS,
  OTP_MESSAGES,
  type CartItem,
  type UserRecord,
} from '@/lib/contracts/auth';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from '@/lib/server/security/passwords';
import { assertAllowed, clearCounter, countEvents, recordEvent } from '@/lib/server/security/rate-limit';
import { bearerToken } from '@/lib/server/security/tokens';
import type { RequestContext } from '@/lib/server/services/accounts/context';
import {
  loginAccount,
  loginCounters,
  otpValidateAccount,
  otpValidateCounters,
  signupConflictCounters,
} from '@/lib/server/services/accounts/limits';
import { consumeOtp, sendOtp, type OtpOutcome } from '@/lib/server/services/accounts/otp';
import { createAccount, saveCart, userRecord } from '@/lib/server/services/accounts/records';
import { issueToken, revokeAllTokens, revokeToken, userForToken, type UserRow } from '@/lib/server/services/accounts/sessions';

export { requestContext, assertBusiness, type RequestContext } from '@/lib/server/services/accounts/context';
export type { UserRow } from '@/lib/server/services/accounts/sessions';

export class UnauthorizedError extends HttpError {
  constructor(message = LOGIN_AGAIN_MESSAGE) {
    super(401, message, { 'WWW-Authenticate': 'Bearer' });
    this.name = 'UnauthorizedError';
  }
}

async function findUser(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

// --- Signup -----------------------------------------------------------------------------------

export type SignupInput = { email: string; password: string; name?: string; marketingOptIn?: boolean };

/** Creates an account with an empty server cart and logs it in; 409 when the e-mail has one. */
export async function signup(db: Db, input: SignupInput, ctx: RequestContext): Promise<UserRecord> {
  await assertAllowed(db, signupConflictCounters(ctx.ip), ctx.now);
  const passwordHash = await hashPassword(input.password);
  const created = await db.transaction((tx) =>
    createAccount(tx, { email: input.email, passwordHash, name: input.name, marketingOptIn: input.marketingOptIn }, ctx.now),
  );
  if (!created) {
    await recordEvent(db, signupConflictCounters(ctx.ip), ctx.now);
    throw new HttpError(409, 'An account with this e-mail already exists. Please log in or reset your password.');
  }
  return { authToken: created.token, email: created.user.email, name: created.user.name, cartItems: [], recipients: [] };
}

// --- Login ------------------------------------------------------------------------------------

/**
 * Logs in with e-mail and password; the answer carries the saved server cart. A legacy account
 * gets 403 'Upgrade is required for legacy user…' and a one-time password by e-mail.
 */
export async function login(db: Db, email: string, password: string, ctx: RequestContext): Promise<UserRecord> {
  const counters = loginCounters(email, ctx.ip);
  await assertAllowed(db, counters, ctx.now);
  const user = await findUser(db, email);
  const verified = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyNothing(password);

  if (user?.legacy && (verified || !user.passwordHash)) {
    // A legacy account without a usable hash cannot prove the password: the e-mailed code does.
    await sendOtp(db, email, user, ctx);
    throw new HttpError(403, `${LEGACY_UPGRADE_MESSAGE}. We have e-mailed you a one-time password: enter it to choose a new password.`);
  }
  if (!user || !verified) {
    await recordEvent(db, counters, ctx.now);
    throw new HttpError(401, INCORRECT_LOGIN_MESSAGE);
  }

  await clearCounter(db, loginAccount(email));
  const rehash = needsRehash(user.passwordHash!) ? await hashPassword(password) : null;
  const token = await db.transaction(async (tx) => {
    if (rehash) await tx.update(users).set({ passwordHash: rehash, updatedAt: ctx.now }).where(eq(users.id, user.id));
    return issueToken(tx, user.id, ctx.now);
  });
  return userRecord(db, user, token);
}

// --- One-time passwords -----------------------------------------------------------------------

export const otpRequestMessage = (email: string) => `If an account exists for ${email}, a one-time password has been sent`;

/** E-mails a code when the account exists; the same answer either way (429 past the limits). */
export async function requestOtp(db: Db, email: string, ctx: RequestContext): Promise<{ email: string }> {
  await sendOtp(db, email, await findUser(db, email), ctx);
  return { email };
}

/** Logs in with an e-mailed code (the next step is a new password); 400 with a clear message otherwise. */
export async function validateOtp(db: Db, email: string, code: string, ctx: RequestContext): Promise<UserRecord> {
  const counters = otpValidateCounters(email, ctx.ip);
  await assertAllowed(db, counters, ctx.now);
  const user = await findUser(db, email);

  let outcome: OtpOutcome;
  let token: string | null = null;
  if (!user) {
    // Behave like an account whose code died after too many wrong tries.
    outcome = (await countEvents(db, otpValidateAccount(email), ctx.now)) >= OTP_MAX_ATTEMPTS ? 'dead' : 'wrong';
  } else {
    ({ outcome, token } = await db.transaction(async (tx) => {
      const result = await consumeOtp(tx, user.id, code, ctx.now);
      return { outcome: result, token: result === 'ok' ? await issueToken(tx, user.id, ctx.now) : null };
    }));
  }
  if (outcome !== 'ok' || !user || !token) {
    await recordEvent(db, counters, ctx.now);
    throw new HttpError(400, OTP_MESSAGES[outcome === 'ok' ? 'wrong' : outcome]);
  }
  await clearCounter(db, otpValidateAccount(email));
  await clearCounter(db, loginAccount(email));
  return userRecord(db, user, token);
}

// --- Logged-in calls --------------------------------------------------------------------------

export type Session = { user: UserRow; token: string };

/** The session of a request's bearer token; 401 'Please log in again' when missing or not valid. */
export async function requireUser(db: Db, req: Pick<IncomingMessage, 'headers'>, now: Date): Promise<Session> {
  const token = bearerToken(req);
  const user = token ? await userForToken(db, token, now) : null;
  if (!token || !user) throw new UnauthorizedError();
  return { user, token };
}

/** The user record for a request's bearer token, or null (never an error): the handshake's `user`. */
export async function currentUserRecord(db: Db, req: Pick<IncomingMessage, 'headers'>, now: Date): Promise<UserRecord | null> {
  const token = bearerToken(req);
  const user = token ? await userForToken(db, token, now) : null;
  return user && token ? userRecord(db, user, token) : null;
}

/**
 * Sets a new password, lifts the legacy flag, voids any code, revokes every token of the account
 * and answers the record with a fresh token.
 */
export async function changePassword(db: Db, session: Session, password: string, now: Date): Promise<UserRecord> {
  const passwordHash = await hashPassword(password);
  const token = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, legacy: false, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, session.user.id));
    await revokeAllTokens(tx, session.user.id, now);
    await tx.delete(otpCodes).where(eq(otpCodes.userId, session.user.id));
    return issueToken(tx, session.user.id, now);
  });
  return userRecord(db, session.user, token);
}

/** Ends the session of the token sent (idempotent). */
export async function logout(db: Db, req: Pick<IncomingMessage, 'headers'>, now: Date): Promise<void> {
  const token = bearerToken(req);
  if (token) await revokeToken(db, token, now);
}

/** Replaces the user's server cart; answers it as stored. */
export async function updateCart(db: Db, session: Session, cartItems: CartItem[], now: Date): Promise<{ cartItems: CartItem[] }> {
  return { cartItems: await saveCart(db, session.user.id, cartItems, now) };
}

// --- Staff and imports ------------------------------------------------------------------------

/**
 * Adds an account carried over from the old shop: flagged legacy, so its first login asks for a
 * one-time password and a new password. `passwordHash` (argon2 PHC) is optional.
 */
export async function importLegacyUser(db: Db, input: { email: string; name?: string; passwordHash?: string | null }): Promise<string> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email, name: input.name ?? '', passwordHash: input.passwordHash ?? null, legacy: true })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) throw new HttpError(409, `An account for ${email} already exists`);
    await tx.insert(userCarts).values({ userId: created.id, items: [] });
    return created.id;
  });
}
