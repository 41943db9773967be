/**
 * 'Add a member': e-mail, name, role and branch (a florist or rider needs one; owners and managers
 * work for every branch). The new member is e-mailed a sign-in code valid 24 hours
 * (`POST /admin/api/staff`); the server's refusal (a taken e-mail, a bad field) shows in the form.
 */
import { useState, type FormEvent } from 'react';
import type { StaffBranch, StaffRole } from '@/lib/domain/staff';
import { TextField } from '../text-field';
import { useStaffCall } from '../use-staff-call';
import { RoleBranchFields } from './role-branch-fields';
import { worksEverywhere } from './staff-text';
import admin from '../admin.module.css';
import styles from './staff.module.css';

type Props = {
  onAdded: (member: { name: string; email: string }) => void;
  onClose: () => void;
};

export function AddMember({ onAdded, onClose }: Props) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('florist');
  const [branch, setBranch] = useState<StaffBranch | ''>('');
  const { busy, error, run } = useStaffCall();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const added = await run((calls) => calls.staffAddMember({ email, name, role, ...(!worksEverywhere(role) && branch && { branch }) }));
    if (!added) return;
    setEmail('');
    setName('');
    onAdded(added);
  }

  return (
    <form className={`${admin.card} ${admin.form} ${styles.addForm}`} onSubmit={(e) => void submit(e)} aria-labelledby="add-member">
      <h2 className={styles.formTitle} id="add-member">
        Add a member
      </h2>
      <p className={styles.muted}>They get an e-mail with a sign-in code valid 24 hours, then choose their password.</p>
      <div className={styles.pair}>
        <TextField label="Email" type="email" autoComplete="off" required maxLength={254} value={email} onValue={setEmail} />
        <TextField label="Name" autoComplete="off" required maxLength={100} value={name} onValue={setName} />
      </div>
      <RoleBranchFields role={role} branch={branch} onRole={setRole} onBranch={setBranch} />
      {error && (
        <p className={admin.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={admin.primary} disabled={busy}>
          {busy ? 'Adding…' : 'Add and e-mail the code'}
        </button>
        <button type="button" className={admin.secondary} onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
