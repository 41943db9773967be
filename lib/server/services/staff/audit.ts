/**
 * The staff audit: who added, changed, deactivated, reactivated or re-invited which member, with
 * the fields before and after and the client address, written in the change's own transaction;
 * owners read it newest first (`GET /admin/api/staff/audit`).
 */
import { alias } from 'drizzle-orm/pg-core';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { staff, staffAudit, type StaffAuditFields } from '@/lib/server/db/schema';
import { STAFF_ROLE_LABELS, type StaffRole } from '@/lib/domain/staff';
import type { StaffAuditPage } from '@/lib/contracts/staff';

export type StaffAuditAction = 'added' | 'changed' | 'deactivated' | 'reactivated' | 'invitation_sent';

/** The fields the audit keeps of a member. */
export function auditFields(member: StaffAuditFields): StaffAuditFields {
  return { name: member.name, role: member.role, branch: member.branch, active: member.active };
}

/** Writes one line: `actor` null for the `staff:add` command. */
export async function recordStaffChange(
  tx: Db,
  change: { memberId: string; actor: { id: string; address?: string } | null; action: StaffAuditAction; before: StaffAuditFields | null; after: StaffAuditFields | null },
  at: Date,
): Promise<void> {
  await tx.insert(staffAudit).values({
    memberId: change.memberId,
    actorId: change.actor?.id ?? null,
    action: change.action,
    before: change.before,
    after: change.after,
    address: (change.actor?.address ?? '').slice(0, 100),
    at,
  });
}

export const STAFF_AUDIT_PAGE_SIZE = 50;

const nameOf = (row: { name: string | null; role: string | null } | null, fallback: string) => (row?.name ? `${row.name} (${STAFF_ROLE_LABELS[row.role as StaffRole] ?? row.role})` : fallback);

/** One page of the staff audit, newest first. */
export async function readStaffAudit(db: Db, page: number): Promise<StaffAuditPage> {
  const member = alias(staff, 'member');
  const actor = alias(staff, 'actor');
  const [rows, [count]] = await Promise.all([
    db
      .select({ line: staffAudit, member: { name: member.name, role: member.role }, actor: { name: actor.name, role: actor.role } })
      .from(staffAudit)
      .innerJoin(member, eq(member.id, staffAudit.memberId))
      .leftJoin(actor, eq(actor.id, staffAudit.actorId))
      .orderBy(desc(staffAudit.at), desc(staffAudit.id))
      .limit(STAFF_AUDIT_PAGE_SIZE)
      .offset((page - 1) * STAFF_AUDIT_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(staffAudit),
  ]);
  return {
    rows: rows.map(({ line, member: m, actor: a }) => ({
      action: line.action as StaffAuditAction,
      member: m.name,
      actor: line.actorId ? nameOf(a, 'Staff') : 'The staff:add command',
      before: line.before,
      after: line.after,
      address: line.address,
      at: line.at.toISOString(),
    })),
    total: Number(count?.n ?? 0),
    page,
    pageSize: STAFF_AUDIT_PAGE_SIZE,
  };
}
