/**
 * The shell around every page: alert banner, header (with the cart's count and the user), the
 * page, footer (hidden on checkout), the progress bar, the toast host, the auth dialog and the
 * cart panel, whose code loads when they are first opened.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { AlertBanner } from '@/components/layout/alert-banner';
import { Header } from '@/components/layout/header';
import { Footer } from '@/components/layout/footer';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Toasts } from '@/components/ui/toasts';
import { AuthRoot } from '@/components/auth';
import { useCart } from '@/lib/state/cart-context';
import { useUser } from '@/lib/state/user-context';
import { useShell } from '@/lib/state/shell-context';
import styles from './layout.module.css';

const CartPanel = lazy(() => import('@/components/cart/cart-panel').then((m) => ({ default: m.CartPanel })));

export function Layout({ children }: { children: ReactNode }) {
  const { siteWideAlert } = useShell();
  const { pathname } = useRouter();
  const { count, open, setOpen, mergeServerItems, clear } = useCart();
  const { user, openAuth, logout } = useUser();
  // The panel mounts on first opening and stays (a closing <dialog> gives focus back).
  const [cartLoaded, setCartLoaded] = useState(false);
  if (open && !cartLoaded) setCartLoaded(true);
  const checkout = pathname === '/checkout';
  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#content">
        Skip to content
      </a>
      <AlertBanner text={siteWideAlert} />
      <Header
        cartCount={count}
        onOpenCart={() => setOpen(true)}
        user={user}
        onLogin={() => openAuth('login')}
        onLogout={() => {
          logout();
          // The server keeps the account's cart; this device forgets it, or the next login would count it twice.
          void clear();
        }}
      />
      <div id="content" className={styles.content}>
        {children}
      </div>
      {!checkout && <Footer />}
      <ProgressBar />
      <Toasts />
      {/* Login, signup and OTP validation merge the account's saved cart into this one. */}
      <AuthRoot onLoggedIn={(record) => void mergeServerItems(record.cartItems)} />
      {cartLoaded && (
        <Suspense fallback={null}>
          <CartPanel />
        </Suspense>
      )}
    </div>
  );
}
