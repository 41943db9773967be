/**
 * The dialog's first screen (spec section 2): Guest Checkout (checkout only), Register and Login
 * as collapsible sections; the header of each is a button with aria-expanded.
 */
import { useId, type ReactNode } from 'react';
import type { UserRecord } from '@/lib/contracts/auth';
import type { AuthChoice } from '@/lib/state/user-reducer';
import type { AuthAction as Step, AuthState } from './auth-reducer';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import styles from './auth.module.css';

type Props = { auth: AuthState; title: string; titleId: string; dispatch(step: Step): void; onSession(record: UserRecord): void };

export function AuthChoices({ auth, title, titleId, dispatch, onSession }: Props) {
  const section = (choice: AuthChoice, label: string, children: ReactNode) => (
    <Choice label={label} expanded={auth.expanded && auth.mode === choice} onToggle={() => dispatch({ type: 'toggle', choice })}>
      {children}
    </Choice>
  );
  return (
    <>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {auth.checkout &&
        section(
          'guestCheckout',
          'Guest Checkout',
          <>
            <p className={styles.intro}>Check out without an account. You can still create one later.</p>
            <button type="button" className={styles.primary} onClick={() => dispatch({ type: 'close' })}>
              Continue as Guest
            </button>
          </>,
        )}
      {section(
        'signup',
        'Register',
        <>
          <p className={styles.intro}>An account gives you:</p>
          <ul className={styles.benefits}>
            <li>Access to your delivery history</li>
            <li>Address book setup for faster checkout</li>
          </ul>
          <SignupForm key={auth.resets} dispatch={dispatch} onSession={onSession} />
        </>,
      )}
      {section('login', 'Login', <LoginForm key={auth.resets} dispatch={dispatch} onSession={onSession} />)}
    </>
  );
}

function Choice({ label, expanded, onToggle, children }: { label: string; expanded: boolean; onToggle(): void; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.choice}>
      <h3 className={styles.choiceHeading}>
        <button type="button" aria-expanded={expanded} aria-controls={id} onClick={onToggle}>
          {label}
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </h3>
      <div id={id} className={styles.panel} hidden={!expanded}>
        {children}
      </div>
    </section>
  );
}
