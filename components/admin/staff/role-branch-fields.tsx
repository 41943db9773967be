/**
 * The role and branch selects of the staff forms. A florist or a rider picks their branch (needed);
 * for an owner or a manager the branch select is disabled and reads what they get: 'All branches'
 * (or the branch a member keeps when their role stays, see `branchAfter`).
 */
import { useId } from 'react';
import { branchLabel, STAFF_BRANCH_LABELS, STAFF_BRANCHES, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffBranch, type StaffRole } from '@/lib/domain/staff';
import { worksEverywhere } from './staff-text';
import admin from '../admin.module.css';
import styles from './staff.module.css';

type Props = {
  role: StaffRole;
  branch: StaffBranch | '';
  onRole: (role: StaffRole) => void;
  onBranch: (branch: StaffBranch | '') => void;
  /** What the disabled select reads for an owner or manager (default: every branch). */
  fixedBranch?: StaffBranch | null;
};

export function RoleBranchFields({ role, branch, onRole, onBranch, fixedBranch = null }: Props) {
  const id = useId();
  const everywhere = worksEverywhere(role);
  return (
    <div className={styles.pair}>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-role`}>
          Role
        </label>
        <select id={`${id}-role`} className={admin.input} value={role} onChange={(e) => onRole(e.target.value as StaffRole)}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {STAFF_ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-branch`}>
          Branch
        </label>
        {everywhere ? (
          <select id={`${id}-branch`} className={admin.input} value="fixed" disabled aria-describedby={`${id}-branch-hint`}>
            <option value="fixed">{branchLabel(fixedBranch)}</option>
          </select>
        ) : (
          <select id={`${id}-branch`} className={admin.input} value={branch} required onChange={(e) => onBranch(e.target.value as StaffBranch | '')}>
            <option value="" disabled>
              Choose a branch
            </option>
            {STAFF_BRANCHES.map((b) => (
              <option key={b} value={b}>
                {STAFF_BRANCH_LABELS[b]}
              </option>
            ))}
          </select>
        )}
        {everywhere && (
          <span className={admin.hint} id={`${id}-branch-hint`}>
            {`${STAFF_ROLE_LABELS[role]}s see ${fixedBranch ? 'their branch' : 'every branch'}.`}
          </span>
        )}
      </div>
    </div>
  );
}
