/**
 * The header (spec section 2): logo, main navigation, search, currency, account and cart. At
 * 768 px and below a menu button opens a slide-in menu instead of the navigation.
 *
 * Only the bar, the navigation links and the buttons ship with the page; the search dropdown,
 * the menus' featured products and the slide-in menu load their code when first opened. One
 * thing is open at a time; a route change closes it.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/router';
import { useShell } from '@/lib/state/shell-context';
import { CartButton } from './header/cart-button';
import { CurrencySwitcher } from './header/currency-switcher';
import { Icon, MENU, SEARCH } from './header/icons';
import { MainNav } from './header/main-nav';
import { useDismiss } from './header/use-dismiss';
import { UserButton, type HeaderUser } from './header/user-button';
import actions from './header/actions.module.css';
import styles from './header.module.css';

const SearchPanel = lazy(() => import('./header/search-panel').then((m) => ({ default: m.SearchPanel })));
const MobileMenu = lazy(() => import('./header/mobile-menu').then((m) => ({ default: m.MobileMenu })));

const nothing = () => {};

export type HeaderProps = {
  /** Number of items in the cart, for the badge. The cart issue passes the cart's total quantity. */
  cartCount?: number;
  /** Opens the cart panel. The cart issue wires it; until then the button does nothing. */
  onOpenCart?: () => void;
  /** The logged-in user, or null for a guest. The accounts issue wires it. */
  user?: HeaderUser | null;
  /** Opens the auth dialog (accounts issue). */
  onLogin?: () => void;
  /** Logs the user out (accounts issue). */
  onLogout?: () => void;
};

export function Header({ cartCount = 0, onOpenCart = nothing, user = null, onLogin = nothing, onLogout = nothing }: HeaderProps) {
  const { shopInfo } = useShell();
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState<string | null>(null);
  const [seen, setSeen] = useState<readonly string[]>([]);
  const search = useRef<HTMLDivElement>(null);
  const searchButton = useRef<HTMLButtonElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  const close = () => setOpen(null);
  const toggle = (key: string) => {
    setOpen(open === key ? null : key);
    if (!seen.includes(key)) setSeen([...seen, key]);
  };

  useEffect(() => {
    const reset = () => setOpen(null);
    router.events.on('routeChangeStart', reset);
    router.events.on('routeChangeComplete', reset);
    return () => {
      router.events.off('routeChangeStart', reset);
      router.events.off('routeChangeComplete', reset);
    };
  }, [router.events]);

  useDismiss(open === 'search', search, (escape) => {
    close();
    if (escape) searchButton.current?.focus();
  });

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <button ref={menuButton} type="button" className={`${actions.icon} ${styles.menuButton}`} aria-label="Menu" aria-expanded={open === 'menu'} aria-controls={`${id}m`} onClick={() => toggle('menu')}>
          <Icon d={MENU} />
        </button>
        <Link href="/" className={styles.logo}>
          <svg viewBox="0 0 32 32" aria-hidden="true">
            {[0, 72, 144, 216, 288].map((turn) => (
              <ellipse key={turn} cx="16" cy="8.5" rx="4.6" ry="7" transform={`rotate(${turn} 16 16)`} />
            ))}
            <circle cx="16" cy="16" r="3.6" />
          </svg>
          {shopInfo.brandName}
        </Link>
        <div className={styles.actions}>
          <div ref={search}>
            <button ref={searchButton} type="button" className={actions.icon} aria-label="Search" aria-expanded={open === 'search'} aria-controls={`${id}s`} onClick={() => toggle('search')}>
              <Icon d={SEARCH} />
            </button>
            <div id={`${id}s`} className={styles.dropdown} hidden={open !== 'search'}>
              {seen.includes('search') && (
                <Suspense fallback={<div className={styles.loading} />}>
                  <SearchPanel open={open === 'search'} onDone={close} />
                </Suspense>
              )}
            </div>
          </div>
          <div className={styles.wide}>
            <CurrencySwitcher />
          </div>
          <div className={styles.wide}>
            <UserButton user={user} onLogin={onLogin} onLogout={onLogout} />
          </div>
          <CartButton count={cartCount} onOpen={onOpenCart} />
        </div>
      </div>
      <MainNav open={open} seen={seen} toggle={toggle} close={close} />
      <div id={`${id}m`}>
        {open === 'menu' && (
          <Suspense fallback={null}>
            <MobileMenu
              user={user}
              onLogin={onLogin}
              onLogout={onLogout}
              onClose={() => {
                close();
                menuButton.current?.focus();
              }}
            />
          </Suspense>
        )}
      </div>
    </header>
  );
}
