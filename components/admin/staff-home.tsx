/**
 * /admin, signed in: who is signed in (name, role, branch, e-mail), "Sign out" (this device) and
 * "Sign out everywhere" (every device; the next sign-in anywhere needs an e-mailed code). A
 * member who has not chosen a password yet (invited by the owner) chooses one first.
 */
import { useState } from 'react';
import type { StaffMe } from '@/lib/contracts/staff';
import { branchLabel, STAFF_ROLE_LABELS } from '@/lib/domain/staff';
import { PasswordForm } from './password-form';
import { fullPageLoad } from './full-load';
import { useStaffCall } from './use-staff-call';
import styles from './admin.module.css';

const signedOut = () => fullPageLoad('/admin/login');

export function StaffHome({ staff }: { staff: StaffMe }) {
  const [member, setMember] = useState(staff);
  const [chosen, setChosen] = useState(false);
  const { busy, error, run } = useStaffCall();

  async function signOut(everywhere: boolean) {
    const done = await run(async (calls) => {
      await (everywhere ? calls.staffLogoutAll() : calls.staffLogout());
      return true;
    });
    if (done) signedOut();
  }

  return (
    <>
      {!member.passwordSet && (
        <PasswordForm
          first
          onSaved={(saved) => {
            setChosen(true);
            setMember(saved);
          }}
        />
      )}
      {chosen && (
        <p className={styles.notice} role="status">
          Your password is saved. Use it with your e-mail next time you sign in.
        </p>
      )}
      <section className={styles.card} aria-labelledby="who">
        <h1 className={styles.title} id="who">
          {member.name}
        </h1>
        <p className={styles.intro}>You are signed in to the back office.</p>
        <dl className={styles.facts}>
          <dt>Role</dt>
          <dd>{STAFF_ROLE_LABELS[member.role]}</dd>
          <dt>Branch</dt>
          <dd>{branchLabel(member.branch)}</dd>
          <dt>E-mail</dt>
          <dd>{member.email}</dd>
        </dl>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <button className={styles.primary} type="button" disabled={busy} onClick={() => void signOut(false)}>
            Sign out
          </button>
          <button className={styles.secondary} type="button" disabled={busy} onClick={() => void signOut(true)}>
            Sign out everywhere
          </button>
        </div>
        <p className={styles.footnote}>
          &ldquo;Sign out everywhere&rdquo; ends your sessions on every phone and computer and forgets them: the next sign-in on each needs a code from your e-mail.
        </p>
      </section>
      {member.passwordSet && <PasswordForm onSaved={setMember} />}
    </>
  );
}
