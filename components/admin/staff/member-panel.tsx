/**
 * What opens under a member of the staff list: changing their role and branch (only what changes
 * is sent), or the confirmation before deactivating or reactivating them. Escape or 'Back' closes it.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { StaffListMember, UpdateStaffBody } from '@/lib/contracts/staff';
import type { StaffBranch, StaffRole } from '@/lib/domain/staff';
import { RoleBranchFields } from './role-branch-fields';
import { branchAfter, roleChange } from './staff-text';
import admin from '../admin.module.css';
import styles from './staff.module.css';

export type PanelMode = 'change' | 'deactivate' | 'reactivate';

type Props = {
  member: StaffListMember;
  mode: PanelMode;
  busy: boolean;
  onSave: (body: UpdateStaffBody) => void;
  onClose: () => void;
};

export function MemberPanel({ member, mode, busy, onSave, onClose }: Props) {
  const [role, setRole] = useState<StaffRole>(member.role);
  const [branch, setBranch] = useState<StaffBranch | ''>(member.branch ?? '');
  const body = mode === 'change' ? roleChange(member, role, branch) : { active: mode === 'reactivate' };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (body) onSave(body);
  }
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };

  const label = mode === 'change' ? `Change ${member.name}` : mode === 'deactivate' ? `Deactivate ${member.name}` : `Reactivate ${member.name}`;
  return (
    <form className={`${admin.form} ${styles.panel}`} onSubmit={submit} onKeyDown={escape} aria-label={label}>
      {mode === 'change' && <RoleBranchFields role={role} branch={branch} onRole={setRole} onBranch={setBranch} fixedBranch={branchAfter(member, role, '')} />}
      {mode === 'deactivate' && (
        <p className={styles.confirm}>
          {`Deactivate ${member.name}? They are signed out everywhere at once and cannot sign in until an owner reactivates them.`}
        </p>
      )}
      {mode === 'reactivate' && (
        <p className={styles.confirm}>
          {`Reactivate ${member.name}? ${member.passwordSet ? 'They can sign in again with their password.' : 'They can sign in once you re-send their invitation.'}`}
        </p>
      )}
      <div className={styles.buttons}>
        <button
          type="submit"
          className={mode === 'deactivate' ? `${admin.primary} ${styles.danger}` : admin.primary}
          disabled={busy || !body}
          autoFocus={mode !== 'change'}
        >
          {busy ? 'Saving…' : mode === 'change' ? 'Save' : mode === 'deactivate' ? 'Yes, deactivate' : 'Yes, reactivate'}
        </button>
        <button type="button" className={admin.secondary} onClick={onClose}>
          Back
        </button>
      </div>
    </form>
  );
}
