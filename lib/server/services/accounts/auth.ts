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
 * Anyone can create an account for any e-mail (signup, checkout). The first one-time password
 * entered for it proves the address and takes back what was set before (`proveEmail` in
 * `otp.ts`: tokens, password, cart, saved recipients). A password change needs the
 * current password or a token from a code entered in the last 15 minutes, so a stolen token
 * cannot lock the owner out.
 *
 * Never logged: passwords, codes (except by the dev outbox in development), tokens.
 */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { IncomingMessage } from 'node:http';
import type { Db } from '@/lib/server/db/client';
import { authTokens, otpCodes, userCarts, users } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import {
  INCORRECT_LOGIN_MESSAGE,
  LEGACY_UPGRADE_MESSAGE,
  LOGIN_AGAIN_MESSAGE,
  OTP_MAX_ATTEMPTS,
  OTP_MESSAGES,
  type UserRecord,
} from '@/lib/contracts/auth';
import type { CartItem } from '@/lib/domain/cart';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from '@/lib/server/security/passwords';
import { assertAllowed, claimAttempt, clearCounter, countEvents, recordEvent } from '@/lib/server/security/rate-limit';
import { bearerToken, hashToken } from '@/lib/server/security/tokens';
import type { RequestContext } from '@/lib/server/services/accounts/context';
import {
  loginAccount,
  loginCounters,
  otpValidateAccount,
  otpValidateCounters,
  signupConflictCounters,
} from '@/lib/server/services/accounts/limits';
import { attachGuestOrders, consumeOtp, proveEmail, sendOtp, type OtpOutcome } from '@/lib/server/services/accounts/otp';
import { createAccount, saveCart, userRecord } from '@/lib/server/services/accounts/records';
import {
  isFreshOtp,
  issueToken,
  revokeAllTokens,
  revokeToken,
  tokenOrigin,
  userForToken,
  type UserRow,
} from '@/lib/server/services/accounts/sessions';

export { requestContext, type RequestContext } from '@/lib/server/services/accounts/context';
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
  // Counted as an 'account exists' answer (per address and shop-wide) until the account is made,
  // so that simultaneous signups cannot all pass a check made before any of them was counted.
  const forgetAttempt = await claimAttempt(db, signupConflictCounters(ctx.ip), ctx.now);
  let created: Awaited<ReturnType<typeof createAccount>>;
  try {
    const passwordHash = await hashPassword(input.password);
    created = await db.transaction((tx) =>
      createAccount(tx, { email: input.email, passwordHash, name: input.name, marketingOptIn: input.marketingOptIn }, ctx.now),
    );
  } catch (error) {
    await forgetAttempt();
    throw error;
  }
  if (!created) throw new HttpError(409, 'An account with this e-mail already exists. Please log in or reset your password.');
  await forgetAttempt();
  return { authToken: created.token, email: created.user.email, name: created.user.name, phone: created.user.phone, phoneCountryCode: created.user.phoneCountryCode, cartItems: [], recipients: [] };
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
    // The password may have changed (or been removed by the e-mail's first proof) while argon2
    // ran: then the one verified no longer logs in.
    const [current] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).for('update');
    if (current?.passwordHash !== user.passwordHash) return null;
    if (rehash) await tx.update(users).set({ passwordHash: rehash, updatedAt: ctx.now }).where(eq(users.id, user.id));
    return issueToken(tx, user.id, ctx.now, 'password');
  });
  if (!token) throw new HttpError(401, INCORRECT_LOGIN_MESSAGE);
  return userRecord(db, user, token);
}

// --- One-time passwords -----------------------------------------------------------------------

export const otpRequestMessage = (email: string) => `If an account exists for ${email}, a one-time password has been sent`;

/** E-mails a code when the account exists; the same answer either way (429 past the limits). */
export async function requestOtp(db: Db, email: string, ctx: RequestContext): Promise<{ email: string }> {
  await sendOtp(db, email, await findUser(db, email), ctx);
  return { email };
}

/** What a code login answers. */
export const OTP_VALIDATED_MESSAGE = 'OTP validated successfully';
/** … when the code was the first proof of the e-mail (the password set before it was removed). */
export const FIRST_PROOF_MESSAGE = `${OTP_VALIDATED_MESSAGE}. Your e-mail address is now confirmed: please choose a new password.`;

/**
 * Logs in with an e-mailed code (the next step is a new password); 400 with a clear message
 * otherwise. The first code of an account proves its e-mail: see `proveEmail` (every older
 * token revoked, the password set before removed). Every right code, the first and each later
 * one, attaches the guest orders placed with the account's e-mail (`attachGuestOrders`), in the
 * same transaction: only someone who reads that mailbox sees them.
 */
export async function validateOtp(db: Db, email: string, code: string, ctx: RequestContext): Promise<{ user: UserRecord; message: string }> {
  const counters = otpValidateCounters(email, ctx.ip);
  await assertAllowed(db, counters, ctx.now);
  const user = await findUser(db, email);

  let outcome: OtpOutcome;
  let token: string | null = null;
  let firstProof = false;
  if (!user) {
    // Behave like an account whose code died after too many wrong tries.
    outcome = (await countEvents(db, otpValidateAccount(email), ctx.now)) >= OTP_MAX_ATTEMPTS ? 'dead' : 'wrong';
  } else {
    ({ outcome, token, firstProof } = await db.transaction(async (tx) => {
      const result = await consumeOtp(tx, user.id, code, ctx.now);
      if (result !== 'ok') return { outcome: result, token: null, firstProof: false };
      const first = await proveEmail(tx, user.id, ctx.now);
      // The e-mail is proven (now or before): its guest orders become the account's.
      await attachGuestOrders(tx, user.id, user.email);
      return { outcome: result, token: await issueToken(tx, user.id, ctx.now, 'otp'), firstProof: first };
    }));
  }
  if (outcome !== 'ok' || !user || !token) {
    await recordEvent(db, counters, ctx.now);
    throw new HttpError(400, OTP_MESSAGES[outcome === 'ok' ? 'wrong' : outcome]);
  }
  await clearCounter(db, otpValidateAccount(email));
  await clearCounter(db, loginAccount(email));
  return { user: await userRecord(db, user, token), message: firstProof ? FIRST_PROOF_MESSAGE : OTP_VALIDATED_MESSAGE };
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

export const CURRENT_PASSWORD_NEEDED_MESSAGE = 'Please enter your current password, or log in with a one-time password to set a new one.';
export const CURRENT_PASSWORD_WRONG_MESSAGE =
  'Your current password is not correct. Please try again, or log in with a one-time password to set a new one.';

/**
 * The check a sensitive change of the account (a new password, deleting the account) makes of
 * the person holding the token, before its transaction: nothing when the token was issued by a
 * one-time password less than `FRESH_OTP_MINUTES` ago (the reset flow); otherwise
 * `currentPassword` must be right, else 403 (`CURRENT_PASSWORD_NEEDED_MESSAGE` when missing,
 * `CURRENT_PASSWORD_WRONG_MESSAGE` when wrong), so that a stolen token cannot lock the owner out
 * or delete the account. A wrong password counts as a failed login for the account's e-mail and
 * the client's address (429 past the login limits). Pair it with `recheckIdentity` inside the
 * change's transaction.
 */
export async function confirmIdentity(db: Db, session: Session, currentPassword: string | undefined, ctx: RequestContext): Promise<void> {
  const { user } = session;
  if (isFreshOtp(await tokenOrigin(db, session.token, ctx.now), ctx.now)) return;
  if (!currentPassword) throw new HttpError(403, CURRENT_PASSWORD_NEEDED_MESSAGE);
  // Counted as a failed login first (429 past the limits), forgotten when the password is right.
  const forgetAttempt = await claimAttempt(db, loginCounters(user.email, ctx.ip), ctx.now);
  const right = user.passwordHash ? await verifyPassword(user.passwordHash, currentPassword) : await verifyNothing(currentPassword);
  if (!right) throw new HttpError(403, CURRENT_PASSWORD_WRONG_MESSAGE);
  await forgetAttempt();
}

/**
 * Inside the change's transaction, after `confirmIdentity`: locks the token's row (a second
 * change made with the same token waits, then finds it revoked: 401) and the account's row, and
 * refuses (403) when the stored password is no longer the one checked, unless the token is a
 * fresh one-time password's.
 */
export async function recheckIdentity(tx: Db, session: Session, ctx: RequestContext): Promise<void> {
  const origin = await tokenOrigin(tx, session.token, ctx.now, true);
  const [row] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, session.user.id)).for('update');
  if (!origin || !row) throw new UnauthorizedError();
  if (row.passwordHash !== session.user.passwordHash && !isFreshOtp(origin, ctx.now)) throw new HttpError(403, CURRENT_PASSWORD_WRONG_MESSAGE);
}

/**
 * Sets a new password, lifts the legacy flag, voids any code, revokes every token of the account
 * and answers the record with a fresh token (via 'password-change').
 *
 * Allowed when `confirmIdentity` passes: the request's token came from a one-time password
 * entered less than `FRESH_OTP_MINUTES` ago, or `currentPassword` is right (403 otherwise).
 */
export async function changePassword(
  db: Db,
  session: Session,
  input: { password: string; currentPassword?: string },
  ctx: RequestContext,
): Promise<UserRecord> {
  const { user } = session;
  await confirmIdentity(db, session, input.currentPassword, ctx);
  const passwordHash = await hashPassword(input.password);
  const token = await db.transaction(async (tx) => {
    await recheckIdentity(tx, session, ctx);
    await tx.update(users).set({ passwordHash, legacy: false, passwordChangedAt: ctx.now, updatedAt: ctx.now }).where(eq(users.id, user.id));
    await revokeAllTokens(tx, user.id, ctx.now);
    await tx.delete(otpCodes).where(eq(otpCodes.userId, user.id));
    return issueToken(tx, user.id, ctx.now, 'password-change');
  });
  return userRecord(db, user, token);
}

/** Ends the session of the token sent (idempotent). */
export async function logout(db: Db, req: Pick<IncomingMessage, 'headers'>, now: Date): Promise<void> {
  const token = bearerToken(req);
  if (token) await revokeToken(db, token, now);
}

/**
 * Ends every other session of the account (POST /v1/regal/auth/logout-others): every live token
 * but the one sent is revoked. Answers how many were still live (expired or revoked ones are
 * not counted).
 */
export async function logoutOthers(db: Db, session: Session, now: Date): Promise<{ loggedOut: number }> {
  const revoked = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, session.user.id), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now), ne(authTokens.tokenHash, hashToken(session.token))))
    .returning({ id: authTokens.id });
  return { loggedOut: revoked.length };
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
