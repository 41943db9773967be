/**
 * The frame of every back-office page: the shop's name and "Back office" in a plain bar, then the
 * page. Signed in (`member`), the bar links to the board ("Orders"), owners and managers to the bank statement import, the products and the settings, owners to the audit and to
 * the staff page ("Staff"), and to the member's account page under their name. No storefront header, footer or cart (pages/_app.tsx renders pages
 * without a shell bare). Back-office pages are never indexed. Links are plain `<a href>`: moving
 * between back-office pages is a full page load (see full-load.ts).
 */
import type { ReactNode } from 'react';
import Head from 'next/head';
import type { StaffMe } from '@/lib/contracts/staff';
import { STAFF_ROLE_LABELS } from '@/lib/domain/staff';
import styles from './admin.module.css';

type Props = {
  title: string;
  brand: string;
  note?: ReactNode;
  /** The signed-in member: the bar shows the navigation and their name. */
  member?: Pick<StaffMe, 'name' | 'role'>;
  /** Which navigation entry is the current page. */
  current?: 'orders' | 'statement' | 'products' | 'settings' | 'account' | 'audit' | 'staff';
  /** Wide pages (the board, an order) use the width of a desktop; forms stay narrow. */
  wide?: boolean;
  children: ReactNode;
};

export function AdminFrame({ title, brand, note, member, current, wide = false, children }: Props) {
  return (
    <div className={styles.page}>
      <Head>
        <title>{`${title} · ${brand} back office`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <header className={styles.bar}>
        <p className={styles.brand}>
          {brand}
          <span>Back office</span>
        </p>
        {member ? (
          <nav className={styles.nav} aria-label="Back office">
            <a href="/admin" aria-current={current === 'orders' ? 'page' : undefined}>
              Orders
            </a>
            {(member.role === 'owner' || member.role === 'manager') && (
              <a href="/admin/bank-statement" aria-current={current === 'statement' ? 'page' : undefined}>
                Bank statement
              </a>
            )}
            {(member.role === 'owner' || member.role === 'manager') && (
              <a href="/admin/products" aria-current={current === 'products' ? 'page' : undefined}>
                Products
              </a>
            )}
            {(member.role === 'owner' || member.role === 'manager') && (
              <a href="/admin/settings" aria-current={current === 'settings' ? 'page' : undefined}>
                Settings
              </a>
            )}
            {member.role === 'owner' && (
              <a href="/admin/audit" aria-current={current === 'audit' ? 'page' : undefined}>
                Audit
              </a>
            )}
            {member.role === 'owner' && (
              <a href="/admin/staff" aria-current={current === 'staff' ? 'page' : undefined}>
                Staff
              </a>
            )}
            <a href="/admin/account" aria-current={current === 'account' ? 'page' : undefined} title="Your account: password, sign out">
              {member.name}
              <span className={styles.navRole}>{`· ${STAFF_ROLE_LABELS[member.role]}`}</span>
            </a>
          </nav>
        ) : (
          note && <p className={styles.barNote}>{note}</p>
        )}
      </header>
      <main className={wide ? `${styles.main} ${styles.wide}` : styles.main}>{children}</main>
    </div>
  );
}
