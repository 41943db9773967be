/**
 * Login (spec sections 2 and 4): email and password, 'Reset your password'. Success stores the
 * user and closes the dialog; the legacy-upgrade error leads to the OTP step instead.
 */
import type { FormEvent } from 'react';
import type { UserRecord } from '@/lib/contracts/auth';
import { login } from '@/lib/api/calls';
import type { AuthAction as Step } from './auth-reducer';
import { tell } from './announce';
import { EMAIL_FIELD, PASSWORD_FIELD, TextField, useFields } from './fields';
import { AUTH_TEXT, LEGACY_UPGRADE_MESSAGE } from './messages';
import { useSubmit } from './use-submit';
import styles from './auth.module.css';

type Props = { dispatch(step: Step): void; onSession(record: UserRecord): void };

export function LoginForm({ dispatch, onSession }: Props) {
  const { values, field, check } = useFields({ email: EMAIL_FIELD, password: PASSWORD_FIELD });
  const { busy, submit } = useSubmit();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!check()) return;
    const email = values.email.trim();
    const record = await submit(
      (api) => login(api, { email, password: values.password }),
      (message) => {
        if (message.includes(LEGACY_UPGRADE_MESSAGE)) {
          dispatch({ type: 'upgradeRequired', email });
          tell('info', AUTH_TEXT.passwordExpired);
        } else {
          tell('error', AUTH_TEXT.failed('login', message));
        }
      },
    );
    if (!record) return;
    onSession(record);
    dispatch({ type: 'loggedIn' });
    tell('success', AUTH_TEXT.loggedIn(record.email));
  }

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void send(e)}>
      <TextField {...field('email')} type="email" autoComplete="email" />
      <TextField {...field('password')} type="password" autoComplete="current-password" />
      <button type="button" className={styles.link} onClick={() => dispatch({ type: 'forgot', email: values.email.trim() })}>
        Reset your password
      </button>
      <button type="submit" className={styles.primary} disabled={busy}>
        Log in
      </button>
    </form>
  );
}
