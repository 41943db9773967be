/**
 * The same-day cut-off on the product page and in the cart: 'Order in 2 h 14 min for delivery
 * today' (Lagos time) until the cut-off hour, then 'Earliest delivery: tomorrow'; it changes on
 * the minute. The product page is server-rendered and kept in the shared page cache, so a time in
 * its HTML would be stale: the text is made only in the browser, after hydration (an effect; the
 * server and the first render leave the line empty, so nothing mismatches), in a line whose height
 * is reserved, so nothing moves when it appears. Not a live region: a screen reader should not
 * hear it every minute.
 */
import { useEffect, useState } from 'react';
import { cutoffText, msToNextMinute } from '@/lib/domain/cutoff';
import { useShell } from '@/lib/state/shell-context';
import styles from './cutoff-notice.module.css';

/** The text at the browser's time, updated at each new minute; null before the first effect. */
export function useCutoffText(cutoffHour: number): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = new Date();
      setText(cutoffText(at, cutoffHour));
      timer = setTimeout(tick, msToNextMinute(at));
    };
    tick();
    return () => clearTimeout(timer);
  }, [cutoffHour]);
  return text;
}

export function CutoffNotice({ className }: { className?: string }) {
  const { sameDayCutoffHour } = useShell();
  const text = useCutoffText(sameDayCutoffHour);
  return (
    <p className={`${styles.notice} ${className ?? ''}`} data-cutoff={text ? (text.startsWith('Order in') ? 'today' : 'tomorrow') : undefined}>
      {text}
    </p>
  );
}
