/**
 * /admin/login: e-mail and password; on a device the back office does not know yet, the code
 * e-mailed to the staff member (the server answers `needsCode`). "I have a sign-in code" goes
 * straight to the code step (an invited member, who has no password yet). Once signed in the
 * browser loads /admin afresh: the session cookie is scoped to /admin, which a client-side
 * navigation's page-data request would not carry.
 */
import { useState, type FormEvent } from 'react';
import { STAFF_CODE_VALID_MINUTES } from '@/lib/domain/staff';
import { TextField } from './text-field';
import { fullPageLoad } from './full-load';
import { useStaffCall } from './use-staff-call';
import styles from './admin.module.css';

export type LoginStep = 'password' | 'code';

const signedIn = () => fullPageLoad('/admin');

export function LoginFlow({ initialStep }: { initialStep: LoginStep }) {
  const [step, setStep] = useState<LoginStep>(initialStep);
  const [sent, setSent] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, error, setError, run } = useStaffCall();

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    const answer = await run((calls) => calls.staffLogin({ email, password }));
    if (!answer) return;
    if (!answer.needsCode) return signedIn();
    setPassword('');
    setSent(true);
    setStep('code');
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    const answer = await run((calls) => calls.staffSubmitCode({ email, code }));
    if (answer) signedIn();
  }

  const goTo = (next: LoginStep) => {
    setError(null);
    setSent(false);
    setCode('');
    setStep(next);
  };

  const failure = error && (
    <p className={styles.error} role="alert">
      {error}
    </p>
  );

  if (step === 'code') {
    return (
      <form className={styles.form} onSubmit={submitCode}>
        <h1 className={styles.title}>Enter your sign-in code</h1>
        {sent ? (
          <p className={styles.notice} role="status">
            We have e-mailed a six-digit code to {email}. It is valid for {STAFF_CODE_VALID_MINUTES} minutes. This device will be remembered.
          </p>
        ) : (
          <p className={styles.intro}>Use the code from your e-mail: the invitation, or the one sent when you signed in.</p>
        )}
        {failure}
        {!sent && <TextField label="Email" type="email" name="email" autoComplete="username" required value={email} onValue={setEmail} />}
        <TextField
          label="Six-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          codeStyle
          value={code}
          onValue={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
          autoFocus
        />
        <button className={styles.primary} type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
        <button className={styles.link} type="button" onClick={() => goTo('password')}>
          Back to e-mail and password
        </button>
      </form>
    );
  }

  return (
    <form className={styles.form} onSubmit={submitPassword}>
      <h1 className={styles.title}>Staff sign-in</h1>
      <p className={styles.intro}>For the shop&apos;s staff only. On a new device we will also e-mail you a code.</p>
      {failure}
      <TextField label="Email" type="email" name="email" autoComplete="username" required value={email} onValue={setEmail} autoFocus />
      <TextField label="Password" type="password" name="password" autoComplete="current-password" required value={password} onValue={setPassword} />
      <button className={styles.primary} type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <button className={styles.link} type="button" onClick={() => goTo('code')}>
        I have a sign-in code
      </button>
    </form>
  );
}
