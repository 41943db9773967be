/**
 * The parts of the auth dialog's first screen that the checkout's guest greeting shows too
 * (components/checkout/guest-greeting.tsx, rendered by the server): a collapsible choice, the
 * close button and the Guest Checkout choice's body. Light on purpose: no forms, no user store, so
 * that the greeting can come with the checkout's first load.
 */
import { useId, type ReactNode } from 'react';
import styles from './auth.module.css';

/** A collapsible choice: its heading is a button with aria-expanded that controls its panel. */
export function Choice({ label, expanded, onToggle, children }: { label: string; expanded: boolean; onToggle(): void; children?: ReactNode }) {
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

export function CloseButton({ onClose }: { onClose(): void }) {
  return (
    <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  );
}

/** The Guest Checkout choice's body: checking out without an account closes the dialog. */
export function GuestChoice({ onContinue }: { onContinue(): void }) {
  return (
    <>
      <p className={styles.intro}>Check out without an account. You can still create one later.</p>
      <button type="button" className={styles.primary} onClick={onContinue}>
        Continue as Guest
      </button>
    </>
  );
}
