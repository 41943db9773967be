/**
 * The frame of every account page: the heading, the section links (Orders, Address book,
 * Reminders, Profile) and the gate. The server renders the same shell for everyone; the shopper's data
 * is read in the browser with the bearer token. Until the browser has read its storage the
 * frame says it is loading; a visitor with no stored user sees a log-in prompt instead of the
 * page (after logging in, the page appears in place).
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import type { UserRecord } from '@/lib/contracts/auth';
import { useUser } from '@/lib/state/user-context';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import content from '@/components/content/content.module.css';
import styles from './account.module.css';

export type AccountSection = 'orders' | 'addresses' | 'reminders' | 'profile';

export const ACCOUNT_SECTIONS: { key: AccountSection; href: string; label: string }[] = [
  { key: 'orders', href: '/account', label: 'My orders' },
  { key: 'addresses', href: '/account/addresses', label: 'Address book' },
  { key: 'reminders', href: '/account/reminders', label: 'Reminders' },
  { key: 'profile', href: '/account/profile', label: 'Profile' },
];

const noSubscription = () => () => undefined;
const hasStoredUser = () => readStored(STORAGE_KEYS.user) !== null;

type Props = {
  current: AccountSection;
  title: string;
  lead?: ReactNode;
  /** The page itself, for the logged-in user. */
  children: (user: UserRecord) => ReactNode;
};

export function AccountFrame({ current, title, lead, children }: Props) {
  const { user, openAuth } = useUser();
  // Storage exists only in the browser: null on the server and while hydrating, then read on
  // every render (the user's changes re-render the frame).
  const stored = useSyncExternalStore(noSubscription, hasStoredUser, () => null);

  let body: ReactNode;
  if (user) body = children(user);
  else if (stored === false)
    body = (
      <section className={styles.gate} aria-labelledby="account-login">
        <h2 id="account-login">Log in to see your account</h2>
        <p>Your orders, saved recipients and details are kept with your account. Log in, or create a free account with the e-mail you order with.</p>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => openAuth('login')}>
            Log in
          </button>
          <button type="button" className={styles.secondary} onClick={() => openAuth('signup')}>
            Create an account
          </button>
        </div>
      </section>
    );
  else
    body = (
      <p className={styles.loading} role="status">
        Loading your account…
      </p>
    );

  return (
    <main className={content.page}>
      <header className={styles.header}>
        <p className={content.eyebrow}>Your account</p>
        <h1 className={content.title}>{title}</h1>
        {lead && <p className={content.lead}>{lead}</p>}
      </header>
      <nav className={styles.sections} aria-label="Your account">
        {ACCOUNT_SECTIONS.map((section) => (
          <Link key={section.key} href={section.href} className={styles.section} aria-current={section.key === current ? 'page' : undefined}>
            {section.label}
          </Link>
        ))}
      </nav>
      {body}
    </main>
  );
}
