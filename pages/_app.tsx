import { useEffect } from 'react';
import type { AppProps } from 'next/app';
import { Layout } from '@/components/layout/layout';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import type { ShellData } from '@/lib/contracts/shell';
import { CurrencyProvider } from '@/lib/state/currency-context';
import { ShellProvider } from '@/lib/state/shell-context';
import { migrateStorage } from '@/lib/state/storage';
import '@/styles/globals.css';

type ShellPageProps = { shell?: ShellData };

export default function ShopApp({ Component, pageProps }: AppProps<ShellPageProps>) {
  useEffect(() => migrateStorage(), []);
  const { shell } = pageProps;
  if (!shell) {
    // Only Next's own error pages come without a shell.
    return <Component {...pageProps} />;
  }
  return (
    <ErrorBoundary>
      <ShellProvider value={shell}>
        <CurrencyProvider currencies={shell.currencies}>
          <Layout>
            <Component {...pageProps} />
          </Layout>
        </CurrencyProvider>
      </ShellProvider>
    </ErrorBoundary>
  );
}
