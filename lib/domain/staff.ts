/**
 * Staff of the back office (issue 13, "Staff and access"): the roles, the branches a staff member
 * may be tied to, and the rule that ties them. Pure: shared by the schema, the staff API, the
 * `staff:add` command and the back-office pages.
 *
 * - owner: everything, staff management;
 * - manager: orders, payments, catalogue;
 * - florist: the orders of their branch (prepare);
 * - rider: their deliveries (dispatch, deliver).
 * Owners and managers may be tied to a branch or to none (null: every branch); florists and
 * riders always work for one branch.
 */

export const STAFF_ROLES = ['owner', 'manager', 'florist', 'rider'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_BRANCHES = ['lagos', 'abuja'] as const;
export type StaffBranch = (typeof STAFF_BRANCHES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  florist: 'Florist',
  rider: 'Rider',
};

export const STAFF_BRANCH_LABELS: Record<StaffBranch, string> = { lagos: 'Lagos', abuja: 'Abuja' };

/** Roles that may work without a branch (null: every branch). */
export const ALL_BRANCH_ROLES: readonly StaffRole[] = ['owner', 'manager'];

/**
 * Why a role and branch cannot go together, or null when they can: a florist or a rider needs a
 * branch.
 * @example staffBranchRefusal('rider', null) // 'A rider works for one branch: give a branch (lagos or abuja)'
 * @example staffBranchRefusal('manager', null) // null
 */
export function staffBranchRefusal(role: StaffRole, branch: StaffBranch | null): string | null {
  if (branch === null && !ALL_BRANCH_ROLES.includes(role)) {
    return `A ${role} works for one branch: give a branch (${STAFF_BRANCHES.join(' or ')})`;
  }
  return null;
}

/**
 * What a staff member's branch reads as on the back office's pages.
 * @example branchLabel(null) // 'All branches'
 */
export function branchLabel(branch: StaffBranch | null): string {
  return branch ? STAFF_BRANCH_LABELS[branch] : 'All branches';
}

/** Minutes an e-mailed sign-in code stays valid (an invitation's: `STAFF_INVITE_HOURS`). */
export const STAFF_CODE_VALID_MINUTES = 10;
/** Hours the code of an invitation (the owner added the member) stays valid. */
export const STAFF_INVITE_HOURS = 24;
/** Wrong tries after which a sign-in code is dead. */
export const STAFF_CODE_MAX_ATTEMPTS = 5;
/** A new staff password: at least 12 characters (a staff password opens every order). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 200;

/** A staff member as the back office knows them (`GET /admin/api/auth/me`). */
export type StaffMember = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  branch: StaffBranch | null;
};
