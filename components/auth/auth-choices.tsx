/**
 * The dialog's first screen (spec section 2): Guest Checkout (checkout only), Register and Login
 * as collapsible sections (./dialog-parts.tsx); the header of each is a button with aria-expanded.
 */
import type { ReactNode } from 'react';
import type { UserRecord } from '@/lib/contracts/auth';
import type { AuthChoice } from '@/lib/state/user-reducer';
import type { AuthAction as Step, AuthState } from './auth-reducer';
import { Choice, GuestChoice } from './dialog-parts';
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
          <GuestChoice onContinue={() => dispatch({ type: 'close' })} />,
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

