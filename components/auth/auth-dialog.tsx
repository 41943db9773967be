/**
 * The auth dialog (spec sections 2 and 4), loaded on first open by AuthRoot. A native modal
 * <dialog>: focus moves in and stays in, Escape and the close button close it, and focus moves to
 * the new screen when the screen changes.
 */
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import type { UserRecord } from '@/lib/contracts/auth';
import { useModal } from '@/components/ui/use-modal';
import { useShell } from '@/lib/state/shell-context';
import type { AuthRequest } from '@/lib/state/user-context';
import { login } from '@/lib/state/user-store';
import { onAnnounce } from './announce';
import { AuthChoices } from './auth-choices';
import { authReducer, initialAuthState, isChoice } from './auth-reducer';
import { CloseButton } from './dialog-parts';
import { AUTH_TEXT } from './messages';
import { ResetScreen } from './reset-screens';
import styles from './auth.module.css';

export type AuthDialogProps = {
  /** The latest `openAuth()` request: each new one opens the dialog on its choice. */
  request: AuthRequest;
  /** A session started (login, signup, OTP validation): the cart merges the server's items here. */
  onLoggedIn?: (record: UserRecord) => void;
};

export function AuthDialog({ request, onLoggedIn }: AuthDialogProps) {
  const { shopInfo } = useShell();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [auth, dispatch] = useReducer(authReducer, initialAuthState);
  const screen = isChoice(auth.mode) ? 'choices' : auth.mode;
  const closeAuth = () => dispatch({ type: 'close' });

  // Each new openAuth() request opens the dialog on its choice.
  const [served, setServed] = useState(0);
  if (request.n !== served) {
    setServed(request.n);
    dispatch({ type: 'open', mode: request.mode, checkout: request.checkout });
  }

  // The dialog's own alert region repeats its toasts (see ./announce).
  const [said, setSaid] = useState({ text: '', n: 0 });
  useEffect(() => {
    onAnnounce((text) => setSaid((last) => ({ text, n: last.n + 1 })));
    return () => onAnnounce(null);
  }, []);

  useModal(ref, auth.open);

  useEffect(() => {
    const root = ref.current;
    if (!auth.open || !root) return;
    // On the choices, the open choice's button (focusing a field would mark it touched when the
    // shopper switches choice); on a reset screen, its first field or button.
    const first = (selector: string) => root.querySelector<HTMLElement>(selector);
    (screen === 'choices' ? (first('[aria-expanded="true"]') ?? first('[aria-expanded]')) : first('[data-start] :is(input, button)'))?.focus();
  }, [auth.open, screen]);

  const onSession = (record: UserRecord) => {
    login(record);
    onLoggedIn?.(record);
  };

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        closeAuth();
      }}
    >
      <CloseButton onClose={closeAuth} />
      {screen === 'choices' ? (
        <AuthChoices
          auth={auth}
          title={auth.checkout ? AUTH_TEXT.checkoutTitle : AUTH_TEXT.welcomeTitle(shopInfo.brandName)}
          titleId={titleId}
          dispatch={dispatch}
          onSession={onSession}
        />
      ) : (
        <div data-start>
          <ResetScreen mode={screen} email={auth.email} titleId={titleId} dispatch={dispatch} onSession={onSession} onRecord={login} />
        </div>
      )}
      <p key={said.n} role="alert" className="visually-hidden">
        {auth.open ? said.text : ''}
      </p>
    </dialog>
  );
}
