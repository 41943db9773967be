/**
 * The profile's password change: the current password (not needed within 15 minutes of logging
 * in with a one-time password; the server decides and says so), the new one twice. The answer is
 * a new user record with a new token (every other session ends), stored with `login`. Fields and
 * rules are the auth dialog's (components/auth/fields.tsx), as in its reset flow.
 */
import { useId, useState, type FormEvent } from 'react';
import { changePassword } from '@/lib/api/calls';
import { useUser } from '@/lib/state/user-context';
import { notify } from '@/lib/ui/notify';
import { NEW_PASSWORD_FIELD, NEW_PASSWORD_HINT, TextField, useFields } from '@/components/auth/fields';
import { AUTH_TEXT } from '@/components/auth/messages';
import { useAccountCall } from './use-account-call';
import { FormError } from './form-error';
import frame from './account.module.css';
import styles from './forms.module.css';

export const PASSWORD_TEXT = {
  changed: 'Your password has been changed. Any other device you were logged in on has been logged out.',
  currentHint: 'Not needed within 15 minutes of logging in with a one-time password.',
  forgot: "Forgot your current password? Log out, then choose 'Reset your password' when logging in: we e-mail you a one-time password.",
  noPassword:
    'Your account has no password yet: you log in with one-time passwords we e-mail you. Within 15 minutes of such a login you can set a password here.',
};

type Props = { hasPassword: boolean; onChanged(): void };

export function PasswordChange({ hasPassword, onChanged }: Props) {
  const titleId = useId();
  // A new round empties the fields after a change.
  const [round, setRound] = useState(0);
  return (
    <section className={frame.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{hasPassword ? 'Change your password' : 'Set a password'}</h2>
      <p className={styles.note}>{hasPassword ? PASSWORD_TEXT.forgot : PASSWORD_TEXT.noPassword}</p>
      <PasswordFields
        key={round}
        titleId={titleId}
        hasPassword={hasPassword}
        onChanged={() => {
          setRound((n) => n + 1);
          onChanged();
        }}
      />
    </section>
  );
}

function PasswordFields({ titleId, hasPassword, onChanged }: Props & { titleId: string }) {
  const { login } = useUser();
  const { busy, error, run } = useAccountCall();
  const [differ, setDiffer] = useState(false);
  const { values, field, check } = useFields({
    current: { label: 'Current password' },
    password: { ...NEW_PASSWORD_FIELD, label: 'New password' },
    confirm: { label: 'Confirm new password', required: true },
  });
  const confirm = field('confirm');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !check()) return;
    if (values.password !== values.confirm) {
      setDiffer(true);
      document.getElementById(confirm.id)?.focus();
      return;
    }
    const current = values.current;
    const record = await run((api) => changePassword(api, { password: values.password, ...(hasPassword && current && { currentPassword: current }) }));
    if (!record) return;
    login(record);
    notify('success', PASSWORD_TEXT.changed);
    onChanged();
  }

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-labelledby={titleId}>
      {hasPassword && <TextField {...field('current')} type="password" autoComplete="current-password" maxLength={200} hint={PASSWORD_TEXT.currentHint} />}
      <TextField {...field('password')} type="password" autoComplete="new-password" maxLength={200} hint={NEW_PASSWORD_HINT} />
      <TextField
        {...confirm}
        error={differ ? AUTH_TEXT.passwordsDiffer : confirm.error}
        onChange={(value) => {
          setDiffer(false);
          confirm.onChange(value);
        }}
        type="password"
        autoComplete="new-password"
        maxLength={200}
      />
      <FormError message={error} />
      <div className={styles.buttons}>
        <button type="submit" className={frame.primary} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving…' : hasPassword ? 'Change password' : 'Set password'}
        </button>
      </div>
    </form>
  );
}
