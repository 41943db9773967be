/**
 * The page-transition progress bar (spec sections 2, 4, 9): starts at 0 when a route change
 * starts, advances 10 % a second up to 90 %, and jumps to 100 % when it completes.
 */
import { useEffect } from 'react';
import { useRouter } from 'next/router';
import NProgress from 'nprogress';

export const PROGRESS_STEP = 0.1;
export const PROGRESS_CEILING = 0.9;
export const PROGRESS_INTERVAL_MS = 1000;

export function ProgressBar() {
  const router = useRouter();

  useEffect(() => {
    NProgress.configure({ trickle: false, showSpinner: false, minimum: 0 });
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      NProgress.set(0);
      timer = setInterval(() => {
        const next = Math.min(PROGRESS_CEILING, (NProgress.status ?? 0) + PROGRESS_STEP);
        NProgress.set(next);
        if (next >= PROGRESS_CEILING) clearInterval(timer);
      }, PROGRESS_INTERVAL_MS);
    };
    const done = () => {
      clearInterval(timer);
      NProgress.set(1);
    };
    router.events.on('routeChangeStart', start);
    router.events.on('routeChangeComplete', done);
    router.events.on('routeChangeError', done);
    return () => {
      clearInterval(timer);
      router.events.off('routeChangeStart', start);
      router.events.off('routeChangeComplete', done);
      router.events.off('routeChangeError', done);
    };
  }, [router]);

  return null;
}
