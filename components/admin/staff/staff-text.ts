/**
 * The staff page's words and small rules: a member's status, the order of the list (the server's:
 * active first, then by name), and what a role-and-branch form sends for a member.
 */
import type { StaffListMember, UpdateStaffBody } from '@/lib/contracts/staff';
import { ALL_BRANCH_ROLES, branchLabel, STAFF_ROLE_LABELS, type StaffBranch, type StaffRole } from '@/lib/domain/staff';

export type StaffStatus = 'active' | 'invited' | 'deactivated';

export const STATUS_LABELS: Record<StaffStatus, string> = {
  active: 'Active',
  invited: 'Invited, no password yet',
  deactivated: 'Deactivated',
};

export function statusOf(member: Pick<StaffListMember, 'active' | 'passwordSet'>): StaffStatus {
  if (!member.active) return 'deactivated';
  return member.passwordSet ? 'active' : 'invited';
}

/** Owners and managers work for every branch on this page (the branch select reads 'All branches'). */
export const worksEverywhere = (role: StaffRole) => ALL_BRANCH_ROLES.includes(role);

/** 'Florist, Lagos' */
export const roleAndBranch = (role: StaffRole, branch: StaffBranch | null) => `${STAFF_ROLE_LABELS[role]}, ${branchLabel(branch)}`;

/** The server's order: active members first, then by name, then by e-mail. */
export function sortMembers(members: StaffListMember[]): StaffListMember[] {
  return [...members].sort(
    (a, b) => Number(b.active) - Number(a.active) || a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.email.localeCompare(b.email),
  );
}

/**
 * The branch a member will have with `role`: a florist or rider their chosen one; an owner or
 * manager every branch, except that one whose role stays keeps the branch they have (a branch
 * manager made with the `staff:add` command stays one).
 */
export function branchAfter(member: Pick<StaffListMember, 'role' | 'branch'>, role: StaffRole, chosen: StaffBranch | ''): StaffBranch | null {
  if (!worksEverywhere(role)) return chosen || null;
  return role === member.role ? member.branch : null;
}

/** The PATCH body for a new role and branch: only what changes, or null when nothing does. */
export function roleChange(member: Pick<StaffListMember, 'role' | 'branch'>, role: StaffRole, chosen: StaffBranch | ''): UpdateStaffBody | null {
  const branch = branchAfter(member, role, chosen);
  const body: UpdateStaffBody = {};
  if (role !== member.role) body.role = role;
  if (branch !== member.branch) body.branch = branch;
  return Object.keys(body).length > 0 ? body : null;
}
