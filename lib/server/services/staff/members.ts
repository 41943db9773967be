/**
 * Staff members: finding one by e-mail, creating one (the `staff:add` command with a password;
 * the owner's call without one, the member then signs in with an e-mailed code and chooses it),
 * and what the back office is told about a member.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { staff } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { staffBranchRefusal, type StaffBranch, type StaffRole } from '@/lib/domain/staff';
import type { StaffMe } from '@/lib/contracts/staff';

export type StaffRow = typeof staff.$inferSelect;

/** The member with this e-mail (lower-cased by the caller), or null. */
export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.email, email)).limit(1);
  return row ?? null;
}

/** What the back office is told about a member (never the password hash). */
export function staffMe(row: Pick<StaffRow, 'id' | 'email' | 'name' | 'role' | 'branch' | 'passwordHash'>): StaffMe {
  return { id: row.id, email: row.email, name: row.name, role: row.role, branch: row.branch, passwordSet: row.passwordHash !== null };
}

export type NewStaff = {
  email: string;
  name: string;
  role: StaffRole;
  branch: StaffBranch | null;
  /** argon2id PHC string, or null for an invited member who chooses a password after the code. */
  passwordHash: string | null;
  /** The member who created this one; null for the command. */
  createdBy: string | null;
};

export const duplicateStaffMessage = (email: string) => `A staff member with the e-mail ${email} already exists`;

/**
 * Inserts a member (e-mail lower-cased and trimmed here); 400 for a florist or rider without a
 * branch, 409 when the e-mail is taken.
 */
export async function insertStaff(db: Db, input: NewStaff, now: Date): Promise<StaffRow> {
  const email = input.email.trim().toLowerCase();
  const refusal = staffBranchRefusal(input.role, input.branch);
  if (refusal) throw new HttpError(400, refusal);
  const [row] = await db
    .insert(staff)
    .values({ email, name: input.name.trim(), role: input.role, branch: input.branch, passwordHash: input.passwordHash, createdBy: input.createdBy, createdAt: now })
    .onConflictDoNothing({ target: staff.email })
    .returning();
  if (!row) throw new HttpError(409, duplicateStaffMessage(email));
  return row;
}
