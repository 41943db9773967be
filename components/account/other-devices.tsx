/**
 * 'Log out of other devices': ends every session of the account but this one (`logoutOthers`)
 * and says how many ended, in a status line that screen readers announce.
 */
import { useId, useState } from 'react';
import { logoutOthers } from '@/lib/api/calls';
import { useAccountCall } from './use-account-call';
import { FormError } from './form-error';
import frame from './account.module.css';
import styles from './forms.module.css';

export function loggedOutText(n: number): string {
  if (n === 0) return 'You were not logged in anywhere else.';
  return n === 1 ? 'Done: 1 other session has been logged out.' : `Done: ${n} other sessions have been logged out.`;
}

export function OtherDevices() {
  const titleId = useId();
  const { busy, error, run } = useAccountCall();
  const [ended, setEnded] = useState<number | null>(null);

  async function logOutOthers() {
    setEnded(null);
    const answer = await run(logoutOthers);
    if (answer) setEnded(answer.loggedOut);
  }

  return (
    <section className={frame.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>Other devices</h2>
      <p className={styles.note}>Logged in on a shared computer, an old phone or a browser you no longer use? Log them all out; you stay logged in here.</p>
      <div className={styles.buttons}>
        <button type="button" className={frame.secondary} disabled={busy} aria-busy={busy || undefined} onClick={() => void logOutOthers()}>
          Log out of other devices
        </button>
      </div>
      <p role="status" className={styles.status}>
        {ended !== null && loggedOutText(ended)}
      </p>
      <FormError message={error} />
    </section>
  );
}
