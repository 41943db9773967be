/**
 * The page-transition progress bar (spec sections 2, 4, 9), drawn by nprogress (the design card's
 * library) in the shop's accent colour. The spec's rule is ours, not nprogress's trickle: the bar
 * starts at 0 when a route change starts, advances 10 % a second up to 90 %, and jumps to 100 % when
 * the change completes or fails.
 *
 * - Navigations that finish within SHOW_DELAY_MS show nothing (the bar's clock still starts at the
 *   route change, so a slow page's bar is where the spec says it is when it appears).
 * - Shallow URL updates (filters, the tracker's query) and hash changes are not navigations: Next
 *   sends `hashChange*` events for the latter, and the former say `shallow` in their options.
 * - A navigation cancelled by the next one hands its bar on instead of flashing 100 %.
 * - With `prefers-reduced-motion: reduce` the bar moves in steps, without transitions.
 *
 * Only the listener ships with the page: nprogress itself is fetched once the page is idle (a bar
 * is never needed for the first paint), and at the latest by the first navigation, whose bar
 * waits SHOW_DELAY_MS anyway.
 */
import { useEffect } from 'react';
import { useRouter } from 'next/router';
import type { NProgress } from 'nprogress';
import styles from './progress-bar.module.css';

export const PROGRESS_STEP = 0.1;
export const PROGRESS_CEILING = 0.9;
export const PROGRESS_INTERVAL_MS = 1000;
/** Navigations quicker than this never show a bar. */
export const SHOW_DELAY_MS = 200;
/** nprogress's transition (and fade-out) time. */
export const PROGRESS_SPEED_MS = 200;

type RouteOptions = { shallow?: boolean } | undefined;

let library: Promise<NProgress> | undefined;

/** Loads and sets up nprogress, once per page load. */
export function loadProgressLibrary(): Promise<NProgress> {
  library ??= import('nprogress').then(({ default: nprogress }) =>
    nprogress.configure({
      template: `<div class="${styles.bar}" data-testid="progress-bar" aria-hidden="true"></div>`,
      barSelector: `.${styles.bar}`,
      showSpinner: false,
      trickle: false,
      minimum: 0,
      // Every browser the shop supports has 3D transforms; this skips nprogress's sniffing.
      positionUsing: 'translate3d',
    }),
  );
  return library;
}

const whenIdle = (task: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(task) : setTimeout(task, 1000));

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function ProgressBar() {
  const router = useRouter();

  useEffect(() => {
    let nprogress: NProgress | undefined;
    let value = 0;
    let running = false;
    let visible = false;
    let delay: ReturnType<typeof setTimeout> | undefined;
    let ticker: ReturnType<typeof setInterval> | undefined;
    let unmounted = false;

    const load = () =>
      loadProgressLibrary().then((loaded) => {
        if (!unmounted) nprogress = loaded;
      });
    whenIdle(() => void load());

    const draw = () => {
      // Not loaded yet (a navigation right after the page opened): draw once it is, if still due.
      if (!nprogress) return void load().then(() => visible && nprogress && draw());
      nprogress.configure({ speed: reducedMotion() ? 0 : PROGRESS_SPEED_MS });
      nprogress.set(value);
    };
    const finish = () => {
      if (!running) return;
      running = false;
      clearTimeout(delay);
      clearInterval(ticker);
      if (visible) {
        visible = false;
        value = 1;
        // A bar that never got drawn needs no ending.
        if (nprogress) draw();
      }
    };
    const start = (_url: string, options: RouteOptions) => {
      if (options?.shallow) return finish();
      if (running) return;
      running = true;
      value = 0;
      delay = setTimeout(() => {
        visible = true;
        draw();
      }, SHOW_DELAY_MS);
      ticker = setInterval(() => {
        value = Math.min(PROGRESS_CEILING, Math.round((value + PROGRESS_STEP) * 10) / 10);
        if (visible) draw();
        if (value >= PROGRESS_CEILING) clearInterval(ticker);
      }, PROGRESS_INTERVAL_MS);
    };
    const complete = (_url: string, options: RouteOptions) => {
      if (!options?.shallow) finish();
    };
    const failed = (error: { cancelled?: boolean } | undefined) => {
      if (!error?.cancelled) finish();
    };
    router.events.on('routeChangeStart', start);
    router.events.on('routeChangeComplete', complete);
    router.events.on('routeChangeError', failed);
    return () => {
      router.events.off('routeChangeStart', start);
      router.events.off('routeChangeComplete', complete);
      router.events.off('routeChangeError', failed);
      unmounted = true;
      clearTimeout(delay);
      clearInterval(ticker);
      if (nprogress) {
        nprogress.remove();
        nprogress.status = null;
      }
    };
  }, [router]);

  return null;
}
