/**
 * Choosing a password (`first`: an invited member who signed in with the e-mailed code) or
 * changing it (the current one is asked). Every other session of the member ends.
 */
import { useState, type FormEvent } from 'react';
import type { StaffMe } from '@/lib/contracts/staff';
import { STAFF_PASSWORD_MIN_LENGTH } from '@/lib/domain/staff';
import { TextField } from './text-field';
import { useStaffCall } from './use-staff-call';
import styles from './admin.module.css';

export function PasswordForm({ first = false, onSaved }: { first?: boolean; onSaved: (member: StaffMe) => void }) {
  const [open, setOpen] = useState(first);
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [saved, setSaved] = useState(false);
  const { busy, error, setError, run } = useStaffCall();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < STAFF_PASSWORD_MIN_LENGTH) return setError(`Your password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`);
    const member = await run((calls) => calls.staffSetPassword(first ? { password } : { password, currentPassword }));
    if (!member) return;
    setPassword('');
    setCurrentPassword('');
    setSaved(true);
    if (!first) setOpen(false);
    onSaved(member);
  }

  if (!open) {
    return (
      <section className={styles.card}>
        {saved && (
          <p className={styles.notice} role="status">
            Your new password is saved. Your other devices are signed out.
          </p>
        )}
        <button className={styles.link} type="button" onClick={() => setOpen(true)}>
          Change my password
        </button>
      </section>
    );
  }
  return (
    <section className={styles.card}>
      <form className={styles.form} onSubmit={submit}>
        <h2 className={styles.title}>{first ? 'Choose your password' : 'Change your password'}</h2>
        {first && <p className={styles.intro}>You signed in with a code. Choose a password for your next sign-ins.</p>}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        {!first && (
          <TextField label="Current password" type="password" name="current-password" autoComplete="current-password" required value={currentPassword} onValue={setCurrentPassword} />
        )}
        <TextField
          label="New password"
          hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters. A short sentence is easy to remember.`}
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          minLength={STAFF_PASSWORD_MIN_LENGTH}
          value={password}
          onValue={setPassword}
        />
        <div className={styles.actions}>
          <button className={styles.primary} type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save password'}
          </button>
          {!first && (
            <button className={styles.secondary} type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
