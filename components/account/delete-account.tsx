/**
 * The profile's danger zone, 'Delete my account': what deleting does, the current password (not
 * needed within 15 minutes of a one-time-password login; the server decides and says so), and a
 * confirmation dialog. The server's refusal shows in the zone: a wrong or missing password (403),
 * or an order still on its way (409, its own words). On success the page shows the goodbye
 * (`onDeleted`) and the browser forgets the user; the cart stays, as it belongs to the browser.
 */
import { useId, useState, type FormEvent } from 'react';
import { deleteAccount } from '@/lib/api/calls';
import { useUser } from '@/lib/state/user-context';
import { DeleteConfirm } from './delete-confirm';
import { useAccountCall } from './use-account-call';
import { FormError } from './form-error';
import frame from './account.module.css';
import styles from './forms.module.css';

export const DELETE_TEXT = {
  passwordHint: 'Logged in with a one-time password in the last 15 minutes? You can leave this empty.',
  noPasswordHint: 'Your account has no password: log in with a one-time password, then delete it within 15 minutes.',
};

type Props = { email: string; hasPassword: boolean; onDeleted(email: string): void };

export function DeleteAccount({ email, hasPassword, onDeleted }: Props) {
  const id = useId();
  const { dropUser } = useUser();
  const { busy, error, run } = useAccountCall();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);

  function ask(event: FormEvent) {
    event.preventDefault();
    setConfirming(true);
  }

  async function confirm() {
    const answer = await run((api) => deleteAccount(api, password ? { currentPassword: password } : {}));
    setConfirming(false);
    if (!answer) return;
    onDeleted(answer.email);
    dropUser();
  }

  const described = [`${id}hint`, error && `${id}error`].filter(Boolean).join(' ');
  return (
    <section className={styles.dangerZone} aria-labelledby={`${id}title`}>
      <h2 id={`${id}title`}>Delete my account</h2>
      <p>When you delete your account:</p>
      <ul className={styles.consequences}>
        <li>your address book, the cart kept with your account and every login session are deleted;</li>
        <li>
          your past orders stay in the shop&rsquo;s books (numbers, items, amounts and dates) without your name, your contact details, your recipients&rsquo; details or
          card messages;
        </li>
        <li>
          we send an e-mail to <strong className={styles.email}>{email}</strong> to confirm it.
        </li>
      </ul>
      <p>It cannot be undone. While an order of yours is still on its way, the account stays until it has been delivered.</p>
      <form className={styles.form} noValidate onSubmit={ask} aria-labelledby={`${id}title`}>
        {hasPassword && (
          <div className={styles.field}>
            <label htmlFor={`${id}password`}>Your current password</label>
            <input
              id={`${id}password`}
              className={styles.input}
              type="password"
              autoComplete="current-password"
              maxLength={200}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={described}
            />
            <p id={`${id}hint`} className={styles.note}>
              {DELETE_TEXT.passwordHint}
            </p>
          </div>
        )}
        {!hasPassword && (
          <p id={`${id}hint`} className={styles.note}>
            {DELETE_TEXT.noPasswordHint}
          </p>
        )}
        <FormError message={error} id={`${id}error`} />
        <div className={styles.buttons}>
          <button type="submit" className={frame.danger} disabled={busy}>
            Delete my account
          </button>
        </div>
      </form>
      <DeleteConfirm open={confirming} busy={busy} email={email} onConfirm={() => void confirm()} onCancel={() => setConfirming(false)} />
    </section>
  );
}
