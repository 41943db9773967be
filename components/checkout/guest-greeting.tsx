/**
 * The checkout's greeting for a shopper who is not logged in (spec section 2: the auth dialog
 * opens with Guest Checkout chosen), rendered by the server so that it paints with the page
 * instead of after the checkout's code and the order have loaded (ARCHITECTURE.md, "The guest's
 * greeting from the server").
 *
 * The server sends it as an open, non-modal <dialog> drawn like the modal one, with its own
 * backdrop; once React has hydrated it, it becomes modal (focus moves in and stays). Before then a
 * signed-in shopper never sees it: the session mark hides it (lib/ui/session-mark.mjs), and a
 * click on one of its buttons is held by the script loader and replayed once they work. Continue
 * as Guest, the close button and Escape answer it; Register and Login open the full auth dialog
 * on that choice (still the checkout's, with Guest Checkout in it), which replaces it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Choice, CloseButton, GuestChoice } from '@/components/auth/dialog-parts';
import { AUTH_TEXT } from '@/components/auth/messages';
import { SIGNED_IN_ATTRIBUTE } from '@/lib/ui/session-mark.mjs';
import auth from '@/components/auth/auth.module.css';
import styles from './guest-greeting.module.css';

type Props = {
  /** Continue as Guest, the close button or Escape. */
  onGuest(): void;
  /** Register or Login: the full auth dialog on that choice. */
  onChoose(choice: 'signup' | 'login'): void;
};

export function GuestGreeting({ onGuest, onChoose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [guestOpen, setGuestOpen] = useState(true);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // React shows it now: what the session mark said before our code ran no longer applies.
    document.documentElement.removeAttribute(SIGNED_IN_ATTRIBUTE);
    if (typeof dialog.showModal === 'function' && !dialog.matches(':modal')) {
      // Open as the server sent it (non-modal): reopened as a modal in the same task, unseen.
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    dialog.querySelector<HTMLElement>('[aria-expanded="true"]')?.focus();
  }, []);

  return (
    <dialog
      ref={ref}
      open
      className={`${auth.dialog} ${styles.greeting}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onGuest();
      }}
    >
      <CloseButton onClose={onGuest} />
      <h2 id={titleId} className={auth.title}>
        {AUTH_TEXT.checkoutTitle}
      </h2>
      <Choice label="Guest Checkout" expanded={guestOpen} onToggle={() => setGuestOpen(!guestOpen)}>
        <GuestChoice onContinue={onGuest} />
      </Choice>
      <Choice label="Register" expanded={false} onToggle={() => onChoose('signup')} />
      <Choice label="Login" expanded={false} onToggle={() => onChoose('login')} />
    </dialog>
  );
}
