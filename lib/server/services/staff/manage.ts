/**
 * The owner manages staff (issue 13, "Staff and access"): the list of every member, changing one
 * (name, role, branch, active) and re-sending the invitation of a member who has not chosen a
 * password yet. Adding a member is `inviteStaff` (auth.ts). Owner only: the routes check that with
 * `authorizeStaff(['owner'])`, and a change checks it again inside its transaction.
 *
 * Rules of a change, all decided in one transaction that locks the member, the owner making the
 * change and every active owner (in id order, so two owners' changes queue instead of deadlocking):
 * - a florist or a rider needs a branch (400);
 * - the shop always keeps an active owner: deactivating or demoting the last one is 409 (two
 *   owners deactivating each other at the same moment: the second one gets it);
 * - an owner cannot deactivate or demote themselves (409): another owner does that;
 * - deactivating ends every session of the member at once (their next call is 401; sign-in
 *   refuses an inactive member anyway) and voids their live sign-in code.
 *
 * Changes to staff are not written to an audit trail yet (order changes are, in `order_audit`):
 * left to a later issue, since it needs a table of its own.
 */
import { and, asc, desc, eq, max, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { staff, staffCodes, staffSessions } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { staffBranchRefusal, type StaffBranch, type StaffRole } from '@/lib/domain/staff';
import type { StaffListMember } from '@/lib/contracts/staff';
import type { SignedInStaff } from '@/lib/server/services/staff/access';
import { sendInvitation } from '@/lib/server/services/staff/auth';
import { auditFields, recordStaffChange } from '@/lib/server/services/staff/audit';
import { revokeAllSessions } from '@/lib/server/services/staff/sessions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const STAFF_NOT_FOUND = 'There is no staff member with this id';
export const ONLY_OWNERS_CHANGE_STAFF = 'Only an active owner can change staff';
export const SELF_DEACTIVATE = 'You cannot deactivate yourself: another owner can';
export const SELF_DEMOTE = 'You cannot change your own role: another owner can';
export const lastOwnerMessage = (name: string) => `${name} is the shop's only active owner, and the shop always keeps one: make another member an owner first`;
export const inactiveInviteMessage = (name: string) => `${name} is deactivated: reactivate them before sending an invitation`;
export const passwordChosenMessage = (name: string) => `${name} has already chosen a password and signs in with it`;

/** What the owner may change about a member (absent: unchanged; `branch: null`: every branch). */
export type StaffChanges = { name?: string; role?: StaffRole; branch?: StaffBranch | null; active?: boolean };

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Members as the staff list shows them, active first, then by name; `where` narrows them. */
async function selectMembers(db: Db, where?: SQL): Promise<StaffListMember[]> {
  // A member's sessions: the newest started is their last sign-in (ended ones are kept until their next sign-in).
  const signIns = db
    .select({ staffId: staffSessions.staffId, at: max(staffSessions.createdAt).as('last_sign_in_at') })
    .from(staffSessions)
    .groupBy(staffSessions.staffId)
    .as('sign_ins');
  const rows = await db
    .select({
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      branch: staff.branch,
      active: staff.active,
      passwordSet: sql<boolean>`${staff.passwordHash} IS NOT NULL`.mapWith(Boolean),
      createdAt: staff.createdAt,
      lastSignInAt: signIns.at,
    })
    .from(staff)
    .leftJoin(signIns, eq(signIns.staffId, staff.id))
    .where(where)
    .orderBy(desc(staff.active), asc(sql`lower(${staff.name})`), asc(staff.email));
  return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt)!, lastSignInAt: iso(row.lastSignInAt) }));
}

/** `GET /admin/api/staff`: every member, active ones first, then by name. */
export function listStaff(db: Db): Promise<StaffListMember[]> {
  return selectMembers(db);
}

async function memberById(db: Db, id: string): Promise<StaffListMember> {
  const [member] = UUID.test(id) ? await selectMembers(db, eq(staff.id, id)) : [];
  if (!member) throw new HttpError(404, STAFF_NOT_FOUND);
  return member;
}

/**
 * `PATCH /admin/api/staff/{id}`: changes a member (see the rules above) and answers them
 * afterwards. 400 for a florist or rider without a branch, 404 for an unknown id, 409 for the
 * last active owner and for an owner's own deactivation or demotion.
 */
export async function updateStaffMember(db: Db, owner: Pick<SignedInStaff, 'id' | 'address'>, id: string, changes: StaffChanges, now: Date): Promise<StaffListMember> {
  if (!UUID.test(id)) throw new HttpError(404, STAFF_NOT_FOUND);
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: staff.id, name: staff.name, role: staff.role, branch: staff.branch, active: staff.active })
      .from(staff)
      .where(or(eq(staff.id, id), eq(staff.id, owner.id), and(eq(staff.role, 'owner'), eq(staff.active, true))))
      .orderBy(asc(staff.id))
      .for('update');
    const member = locked.find((row) => row.id === id);
    if (!member) throw new HttpError(404, STAFF_NOT_FOUND);
    const actor = locked.find((row) => row.id === owner.id);
    // Deactivated or demoted by another owner since this request was let in.
    if (!actor?.active || actor.role !== 'owner') throw new HttpError(403, ONLY_OWNERS_CHANGE_STAFF);

    const next = {
      name: changes.name ?? member.name,
      role: changes.role ?? member.role,
      branch: changes.branch === undefined ? member.branch : changes.branch,
      active: changes.active ?? member.active,
    };
    const refusal = staffBranchRefusal(next.role, next.branch);
    if (refusal) throw new HttpError(400, refusal);
    const wasOwner = member.active && member.role === 'owner';
    const staysOwner = next.active && next.role === 'owner';
    if (wasOwner && !staysOwner && !locked.some((row) => row.id !== member.id && row.role === 'owner' && row.active)) {
      throw new HttpError(409, lastOwnerMessage(member.name));
    }
    if (member.id === owner.id && !next.active) throw new HttpError(409, SELF_DEACTIVATE);
    if (member.id === owner.id && next.role !== 'owner') throw new HttpError(409, SELF_DEMOTE);

    await tx.update(staff).set(next).where(eq(staff.id, id));
    const action = member.active && !next.active ? 'deactivated' : !member.active && next.active ? 'reactivated' : 'changed';
    await recordStaffChange(tx, { memberId: id, actor: owner, action, before: auditFields(member), after: auditFields(next) }, now);
    if (member.active && !next.active) {
      await revokeAllSessions(tx, id, now);
      await tx.delete(staffCodes).where(eq(staffCodes.staffId, id));
    }
    return memberById(tx, id);
  });
}

/**
 * `POST /admin/api/staff/{id}/invite`: e-mails a member who has not chosen a password yet a new
 * invitation code (valid 24 hours; the old one stops working) and answers them. 404 for an unknown
 * id; 409 for a deactivated member or one who already has a password; 429 past 5 codes an hour.
 */
export async function resendInvitation(db: Db, owner: Pick<SignedInStaff, 'id' | 'address'>, id: string, now: Date): Promise<StaffListMember> {
  const [row] = UUID.test(id) ? await db.select().from(staff).where(eq(staff.id, id)).limit(1) : [];
  if (!row) throw new HttpError(404, STAFF_NOT_FOUND);
  if (!row.active) throw new HttpError(409, inactiveInviteMessage(row.name));
  if (row.passwordHash !== null) throw new HttpError(409, passwordChosenMessage(row.name));
  await sendInvitation(db, row, now);
  await recordStaffChange(db, { memberId: id, actor: owner, action: 'invitation_sent', before: null, after: null }, now);
  return memberById(db, id);
}
