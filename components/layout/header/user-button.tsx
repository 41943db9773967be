/**
 * The account button: 'LOGIN / REGISTER' for guests; for a logged-in user the first letter of the
 * name or e-mail, opening a panel with 'Logged in as {email}', the account's pages ('My orders',
 * 'Address book', 'Reminders', 'Profile': the account's own sections) and Logout.
 */
import { useId, useRef, useState } from 'react';
import { Link } from '@/components/ui/link';
import { Icon, USER } from './icons';
import { useDismiss } from './use-dismiss';
import styles from './actions.module.css';

export type HeaderUser = { name?: string; email: string };

/** The account's pages a logged-in user reaches from the header (desktop panel and mobile menu). */
export const ACCOUNT_LINKS = [
  { href: '/account', label: 'My orders' },
  { href: '/account/addresses', label: 'Address book' },
  { href: '/account/reminders', label: 'Reminders' },
  { href: '/account/profile', label: 'Profile' },
] as const;

type Props = { user: HeaderUser | null; onLogin(): void; onLogout(): void };

export function UserButton({ user, onLogin, onLogout }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useDismiss(open, root, (focus) => {
    setOpen(false);
    if (focus) toggle.current?.focus();
  });

  if (!user) {
    return (
      <button type="button" className={styles.login} onClick={onLogin}>
        <Icon d={USER} />
        LOGIN / REGISTER
      </button>
    );
  }
  return (
    <div ref={root} className={styles.user}>
      <button ref={toggle} type="button" className={styles.avatar} aria-expanded={open} aria-controls={panelId} aria-label={`Account of ${user.email}`} onClick={() => setOpen(!open)}>
        {(user.name?.trim() || user.email).charAt(0).toUpperCase()}
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <p>
          Logged in as <strong>{user.email}</strong>
        </p>
        <ul className={styles.links}>
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href} onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={styles.logout}
          onClick={() => {
            setOpen(false);
            onLogout();
          }}
        >
          Logout
        </button>
      </div>
    </div>
  );
}
