/**
 * The password-reset sub-screens (spec sections 2 and 4): Forgot password → Enter OTP → Set new
 * password → Password reset. The legacy-upgrade path joins at Enter OTP. A valid OTP logs the
 * shopper in; every screen has 'Back to log in'.
 */
import type { FormEvent, ReactNode } from 'react';
import type { UserRecord } from '@/lib/contracts/auth';
import { changePassword, requestOtp, validateOtp } from '@/lib/api/calls';
import type { AuthAction as Step } from './auth-reducer';
import { tell } from './announce';
import { EMAIL_FIELD, NEW_PASSWORD_FIELD, NEW_PASSWORD_HINT, TextField, useFields } from './fields';
import { AUTH_TEXT } from './messages';
import { useSubmit } from './use-submit';
import styles from './auth.module.css';

export type ResetMode = 'forgotPassword' | 'validateOtp' | 'newPassword' | 'successful';

type Props = {
  mode: ResetMode;
  /** The e-mail the reset is about. */
  email: string;
  titleId: string;
  dispatch(step: Step): void;
  /** A session starts (OTP validated). */
  onSession(record: UserRecord): void;
  /** The logged-in user's record changed (new token after the password change). */
  onRecord(record: UserRecord): void;
};

export function ResetScreen(props: Props) {
  const screens = { forgotPassword: ForgotPassword, validateOtp: EnterOtp, newPassword: NewPassword, successful: ResetDone };
  const Screen = screens[props.mode];
  return <Screen {...props} />;
}

function Frame({
  titleId,
  title,
  intro,
  dispatch,
  children,
}: {
  titleId: string;
  title: string;
  intro: ReactNode;
  dispatch(step: Step): void;
  children: ReactNode;
}) {
  return (
    <div className={styles.screen}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <p className={styles.intro}>{intro}</p>
      {children}
      <button type="button" className={styles.link} onClick={() => dispatch({ type: 'backToLogin' })}>
        Back to log in
      </button>
    </div>
  );
}

function ForgotPassword({ email, titleId, dispatch }: Props) {
  const { values, field, check } = useFields({ email: EMAIL_FIELD }, { email });
  const { busy, submit } = useSubmit();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!check()) return;
    const to = values.email.trim();
    const answer = await submit((api) => requestOtp(api, { email: to }), 'request OTP');
    if (!answer) return;
    dispatch({ type: 'otpSent', email: to });
    tell('success', AUTH_TEXT.otpSent(to));
  }

  return (
    <Frame
      titleId={titleId}
      title="Forgot password?"
      intro="Enter the e-mail address of your account and we will send you a one-time password."
      dispatch={dispatch}
    >
      <form className={styles.form} noValidate onSubmit={(e) => void send(e)}>
        <TextField {...field('email')} type="email" autoComplete="email" />
        <button type="submit" className={styles.primary} disabled={busy}>
          Reset Password
        </button>
      </form>
    </Frame>
  );
}

function EnterOtp({ email, titleId, dispatch, onSession }: Props) {
  const { values, field, check } = useFields({
    code: { label: 'One-time password', required: true, validate: (v) => (/^\d{6}$/.test(v.trim()) ? null : 'Enter the 6-digit code from the e-mail') },
  });
  const { busy, submit } = useSubmit();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!check()) return;
    const record = await submit((api) => validateOtp(api, { email, code: values.code.trim() }), 'validate OTP');
    if (!record) return;
    onSession(record);
    dispatch({ type: 'otpValidated' });
    tell('success', AUTH_TEXT.otpValidated);
  }

  return (
    <Frame
      titleId={titleId}
      title="Enter OTP"
      intro={
        <>
          Enter the one-time password we sent to <strong>{email}</strong>. It is valid for 10 minutes.
        </>
      }
      dispatch={dispatch}
    >
      <form className={styles.form} noValidate onSubmit={(e) => void send(e)}>
        <TextField {...field('code')} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        <button type="submit" className={styles.primary} disabled={busy}>
          Submit OTP
        </button>
      </form>
    </Frame>
  );
}

function NewPassword({ titleId, dispatch, onRecord }: Props) {
  const { values, field, check } = useFields({ password: NEW_PASSWORD_FIELD, confirm: { label: 'Confirm password', required: true } });
  const { busy, submit } = useSubmit();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!check()) return;
    if (values.password !== values.confirm) {
      tell('error', AUTH_TEXT.passwordsDiffer);
      return;
    }
    const record = await submit((api) => changePassword(api, { password: values.password }), 'reset password');
    if (!record) return;
    onRecord(record);
    dispatch({ type: 'passwordChanged' });
    tell('success', AUTH_TEXT.passwordChanged);
  }

  return (
    <Frame titleId={titleId} title="Set new password" intro="You are logged in. Choose a new password for your account." dispatch={dispatch}>
      <form className={styles.form} noValidate onSubmit={(e) => void send(e)}>
        <TextField {...field('password')} type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} />
        <TextField {...field('confirm')} type="password" autoComplete="new-password" />
        <button type="submit" className={styles.primary} disabled={busy}>
          Reset Password
        </button>
      </form>
    </Frame>
  );
}

function ResetDone({ titleId, dispatch }: Props) {
  return (
    <Frame titleId={titleId} title="Password reset" intro="Your password has been changed and you are logged in." dispatch={dispatch}>
      <button type="button" className={styles.primary} onClick={() => dispatch({ type: 'continue' })}>
        Continue
      </button>
    </Frame>
  );
}
