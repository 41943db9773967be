/**
 * One-time passwords: six digits, e-mailed, valid `OTP_VALID_MINUTES`, single use, dead after
 * `OTP_MAX_ATTEMPTS` wrong tries. An account has at most one live code: a new request replaces it.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orders, otpCodes, users } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { OTP_MAX_ATTEMPTS, OTP_VALID_MINUTES } from '@/lib/contracts/auth';
import { enqueueMail } from '@/lib/server/mail/mailer';
import { otpMail } from '@/lib/server/mail/templates';
import { assertAllowed, recordEvent } from '@/lib/server/security/rate-limit';
import { hashOtpCode, newOtpCode, sameDigest } from '@/lib/server/security/tokens';
import type { RequestContext } from '@/lib/server/services/accounts/context';
import { otpRequestCounters } from '@/lib/server/services/accounts/limits';
import { revokeAllTokens, type UserRow } from '@/lib/server/services/accounts/sessions';

/**
 * Counts a code request for the e-mail and the address (429 past the limits), then, when the
 * account exists, stores a new code (voiding the old one) and writes its e-mail to the mail
 * outbox in the same transaction.
 */
export async function sendOtp(db: Db, email: string, user: Pick<UserRow, 'id' | 'email'> | null, ctx: RequestContext): Promise<void> {
  const counters = otpRequestCounters(email, ctx.ip);
  await assertAllowed(db, counters, ctx.now);
  await recordEvent(db, counters, ctx.now);
  if (!user) return;
  const code = newOtpCode();
  const row = {
    codeHash: hashOtpCode(user.id, code),
    expiresAt: new Date(ctx.now.getTime() + OTP_VALID_MINUTES * 60_000),
    attempts: 0,
    usedAt: null,
    createdAt: ctx.now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(otpCodes)
      .values({ userId: user.id, ...row })
      .onConflictDoUpdate({ target: otpCodes.userId, set: row });
    await enqueueMail(tx, 'otp', otpMail({ to: user.email, brand: getConfig().brandName, code, validMinutes: OTP_VALID_MINUTES }));
  });
}

export type OtpOutcome = 'ok' | 'wrong' | 'expired' | 'used' | 'dead';

/**
 * Checks a code against the account's live code and, when right, marks it used. Run inside a
 * transaction: the row is locked so that two tries cannot both pass or both miss a count.
 * 'expired' and 'used' are only said of the right code, so that a stranger learns nothing.
 */
export async function consumeOtp(tx: Db, userId: string, code: string, now: Date): Promise<OtpOutcome> {
  const [row] = await tx.select().from(otpCodes).where(eq(otpCodes.userId, userId)).for('update');
  if (!row) return 'wrong';
  if (row.attempts >= OTP_MAX_ATTEMPTS) return 'dead';
  if (!sameDigest(hashOtpCode(userId, code), row.codeHash)) {
    await tx
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(eq(otpCodes.userId, userId));
    return 'wrong';
  }
  if (row.usedAt) return 'used';
  if (now.getTime() >= row.expiresAt.getTime()) return 'expired';
  await tx.update(otpCodes).set({ usedAt: now }).where(eq(otpCodes.userId, userId));
  return 'ok';
}

/**
 * Records that the owner of the account's e-mail has proven it (a right code was just consumed),
 * inside the caller's transaction; true when this was the first proof.
 *
 * Until then anyone could have created the account (signup, or 'create an account' at checkout,
 * for somebody else's address). So the first proof takes back everything set before it:
 * - every token issued so far is revoked (the caller issues the owner's new one afterwards);
 * - the password is removed: the one set before the proof may be a stranger's, who would
 *   otherwise just log in again. The owner chooses a new one (the dialog's next step after a
 *   code, see components/auth/reset-screens.tsx); until then only a code logs in;
 * The server cart and saved recipients stay: for every account created before e-mails were
 * proven (all of them, the day this shipped) they are the owner's own address book, and wiping
 * it at the first 'Forgot password' would hurt far more shoppers than a planted entry could.
 * Whatever a stranger put there is shown to the owner, who sees it before using it.
 * Later proofs change nothing (a code login on a second device keeps the first one logged in).
 */
export async function proveEmail(tx: Db, userId: string, now: Date): Promise<boolean> {
  const [row] = await tx.select({ provenAt: users.emailProvenAt }).from(users).where(eq(users.id, userId)).for('update');
  if (!row || row.provenAt) return false;
  await tx.update(users).set({ emailProvenAt: now, passwordHash: null, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, userId));
  await revokeAllTokens(tx, userId, now);
  return true;
}

/**
 * Makes the guest orders placed with the account's e-mail as sender e-mail the account's (inside
 * the caller's transaction), once a one-time password sent to that e-mail was entered: at its
 * first proof and at every later code login, so that orders placed as a guest after the proof
 * come along too. Only then: an account anyone could have created for the address (signup,
 * checkout, a password login before the proof) never sees them. Orders already in an account
 * stay where they are. Answers how many were attached.
 */
export async function attachGuestOrders(tx: Db, userId: string, email: string): Promise<number> {
  // Sender e-mails and account e-mails are both stored lower-cased.
  const attached = await tx
    .update(orders)
    .set({ userId })
    .where(and(isNull(orders.userId), eq(orders.senderEmail, email.trim().toLowerCase())))
    .returning({ id: orders.id });
  return attached.length;
}
