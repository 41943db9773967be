import { branchLabel, STAFF_BRANCHES, STAFF_ROLES, staffBranchRefusal, type StaffBranch, type StaffRole } from '@/lib/domain/staff';

describe('staffBranchRefusal', () => {
  it.each<[StaffRole, StaffBranch | null, boolean]>([
    ['owner', null, true],
    ['owner', 'lagos', true],
    ['manager', null, true],
    ['manager', 'abuja', true],
    ['florist', 'lagos', true],
    ['florist', null, false],
    ['rider', 'abuja', true],
    ['rider', null, false],
  ])('%s with branch %s is allowed: %s', (role, branch, allowed) => {
    const refusal = staffBranchRefusal(role, branch);
    expect(refusal === null).toBe(allowed);
    if (refusal) expect(refusal).toBe(`A ${role} works for one branch: give a branch (lagos or abuja)`);
  });

  it('allows every role with every branch', () => {
    for (const role of STAFF_ROLES) for (const branch of STAFF_BRANCHES) expect(staffBranchRefusal(role, branch)).toBeNull();
  });
});

describe('branchLabel', () => {
  it.each<[StaffBranch | null, string]>([
    [null, 'All branches'],
    ['lagos', 'Lagos'],
    ['abuja', 'Abuja'],
  ])('%s reads %s', (branch, label) => expect(branchLabel(branch)).toBe(label));
});
