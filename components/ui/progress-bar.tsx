/**
 * The page-transition progress bar (spec sections 2, 4, 9): starts at 0 when a route change
 * starts, advances 10 % a second up to 90 %, and jumps to 100 % when it completes. A dozen lines
 * of our own instead of a library: it sits in every page's first-load JavaScript.
 */
import { useEffect, useRef } from 'react';
import { useRouter } from 'next/router';

export const PROGRESS_STEP = 0.1;
export const PROGRESS_CEILING = 0.9;
export const PROGRESS_INTERVAL_MS = 1000;
const FADE_MS = 300;

export function ProgressBar() {
  const router = useRouter();
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let value = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    let fade: ReturnType<typeof setTimeout> | undefined;
    const show = (next: number) => {
      value = next;
      const el = bar.current;
      if (!el) return;
      el.style.opacity = '1';
      el.style.transform = `scaleX(${value})`;
    };
    const start = () => {
      clearInterval(timer);
      clearTimeout(fade);
      show(0);
      timer = setInterval(() => {
        show(Math.min(PROGRESS_CEILING, value + PROGRESS_STEP));
        if (value >= PROGRESS_CEILING) clearInterval(timer);
      }, PROGRESS_INTERVAL_MS);
    };
    const done = () => {
      clearInterval(timer);
      show(1);
      fade = setTimeout(() => {
        if (bar.current) bar.current.style.opacity = '0';
      }, FADE_MS);
    };
    router.events.on('routeChangeStart', start);
    router.events.on('routeChangeComplete', done);
    router.events.on('routeChangeError', done);
    return () => {
      clearInterval(timer);
      clearTimeout(fade);
      router.events.off('routeChangeStart', start);
      router.events.off('routeChangeComplete', done);
      router.events.off('routeChangeError', done);
    };
  }, [router]);

  return <div ref={bar} className="progress-bar" role="presentation" data-testid="progress-bar" />;
}
