import { useEffect, type ReactNode } from 'react';
import type { AppProps } from 'next/app';
import { Layout } from '@/components/layout/layout';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import type { CurrencyCode } from '@/lib/domain/money';
import { CartProvider } from '@/lib/state/cart-context';
import { CurrencyProvider } from '@/lib/state/currency-context';
import { ShellProvider } from '@/lib/state/shell-context';
import type { ShellOnPage } from '@/lib/contracts/shell-wire';
import { useShellData } from '@/lib/state/shell-source';
import { migrateStorage } from '@/lib/state/storage';
import { UserProvider, useUser } from '@/lib/state/user-context';
import '@/styles/globals.css';

type ShellPageProps = { shell?: ShellOnPage; currency?: CurrencyCode };

/** The cart syncs with the server while a user is logged in: it gets the user's token. */
function CartWithUser({ children }: { children: ReactNode }) {
  const { user } = useUser();
  return <CartProvider authToken={user?.authToken ?? null}>{children}</CartProvider>;
}

export default function ShopApp({ Component, pageProps }: AppProps<ShellPageProps>) {
  useEffect(() => {
    migrateStorage();
    // React handles the page now: a tap the script loader held before the code arrived is
    // replayed (lib/ui/scripts-after-paint.mjs, HYDRATED_HOOK).
    (window as Window & { shopHydrated?: () => void }).shopHydrated?.();
  }, []);
  // The whole shell on the server; in the browser the one its script loaded (lib/contracts/shell-wire.ts).
  const shell = useShellData(pageProps.shell);
  if (!shell) {
    // Only Next's own error pages come without a shell.
    return <Component {...pageProps} />;
  }
  return (
    <ErrorBoundary>
      <ShellProvider value={shell}>
        <CurrencyProvider currencies={shell.currencies} serverCurrency={pageProps.currency}>
          <UserProvider>
            <CartWithUser>
              <Layout>
                <Component {...pageProps} />
              </Layout>
            </CartWithUser>
          </UserProvider>
        </CurrencyProvider>
      </ShellProvider>
    </ErrorBoundary>
  );
}
