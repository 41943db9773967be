/**
 * The shell around every page: alert banner, header, the page, footer (hidden on checkout),
 * the progress bar and the toast host.
 */
import type { ReactNode } from 'react';
import { useRouter } from 'next/router';
import { AlertBanner } from '@/components/layout/alert-banner';
import { Header } from '@/components/layout/header';
import { Footer } from '@/components/layout/footer';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Toasts } from '@/components/ui/toasts';
import { useShell } from '@/lib/state/shell-context';
import styles from './layout.module.css';

export function Layout({ children }: { children: ReactNode }) {
  const { siteWideAlert } = useShell();
  const { pathname } = useRouter();
  const checkout = pathname === '/checkout';
  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#content">
        Skip to content
      </a>
      <AlertBanner text={siteWideAlert} />
      <Header />
      <div id="content" className={styles.content}>
        {children}
      </div>
      {!checkout && <Footer />}
      <ProgressBar />
      <Toasts />
    </div>
  );
}
