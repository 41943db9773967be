/**
 * Staff sign-in codes: six digits, e-mailed, single use, dead after 5 wrong tries; valid 10
 * minutes (24 hours for an invitation). A member has at most one live code: a new one replaces it.
 * Only a hash bound to the member is stored.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { staffCodes } from '@/lib/server/db/schema';
import { STAFF_CODE_MAX_ATTEMPTS } from '@/lib/contracts/staff';
import { newOtpCode, sameDigest, sha256 } from '@/lib/server/security/tokens';

const codeHash = (staffId: string, code: string) => sha256(`staff-code:${staffId}:${code}`);

/** Stores a new code for the member (voiding the old one), valid `validMs`; answers the code to e-mail. */
export async function issueCode(db: Db, staffId: string, validMs: number, now: Date): Promise<string> {
  const code = newOtpCode();
  const row = { codeHash: codeHash(staffId, code), expiresAt: new Date(now.getTime() + validMs), attempts: 0, usedAt: null, createdAt: now };
  await db
    .insert(staffCodes)
    .values({ staffId, ...row })
    .onConflictDoUpdate({ target: staffCodes.staffId, set: row });
  return code;
}

export type CodeOutcome = 'ok' | 'wrong' | 'expired' | 'used' | 'dead';

/**
 * Checks a code against the member's live code and, when right, marks it used. Run inside a
 * transaction: the row is locked so that two tries cannot both pass or both miss a count.
 * 'expired' and 'used' are said only of the right code.
 */
export async function consumeCode(tx: Db, staffId: string, code: string, now: Date): Promise<CodeOutcome> {
  const [row] = await tx.select().from(staffCodes).where(eq(staffCodes.staffId, staffId)).for('update');
  if (!row) return 'wrong';
  if (row.attempts >= STAFF_CODE_MAX_ATTEMPTS) return 'dead';
  if (!sameDigest(codeHash(staffId, code), row.codeHash)) {
    await tx
      .update(staffCodes)
      .set({ attempts: sql`${staffCodes.attempts} + 1` })
      .where(eq(staffCodes.staffId, staffId));
    return 'wrong';
  }
  if (row.usedAt) return 'used';
  if (now.getTime() >= row.expiresAt.getTime()) return 'expired';
  await tx.update(staffCodes).set({ usedAt: now }).where(eq(staffCodes.staffId, staffId));
  return 'ok';
}
