/**
 * The site-wide alert from settings, with its amounts in the shopper's currency, scrolling by the
 * spec's rules, and a close button. Closed for the rest of the visit once closed.
 */
import { useEffect, useState } from 'react';
import { alertIsStatic, alertScrollSeconds } from '@/lib/domain/alert';
import { fillAmounts } from '@/lib/domain/money';
import { useCurrency } from '@/lib/state/currency-context';
import styles from './alert-banner.module.css';

export function AlertBanner({ text }: { text: string }) {
  const { currency } = useCurrency();
  const [closed, setClosed] = useState(false);
  const message = fillAmounts(text, currency);
  // The server cannot know the width: a long alert scrolls everywhere, a short one starts still.
  const [still, setStill] = useState(() => alertIsStatic(message, Number.MAX_SAFE_INTEGER));

  useEffect(() => {
    const update = () => setStill(alertIsStatic(message, window.innerWidth) || window.matchMedia('(prefers-reduced-motion: reduce)').matches);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [message]);

  if (closed || !text.trim()) return null;
  return (
    <div className={styles.banner} role="region" aria-label="Announcement">
      <div className={styles.track}>
        <p className={still ? styles.still : styles.scrolling} style={still ? undefined : { animationDuration: `${alertScrollSeconds(message)}s` }}>
          {message}
        </p>
      </div>
      <button type="button" className={styles.close} onClick={() => setClosed(true)} aria-label="Close announcement">
        ×
      </button>
    </div>
  );
}
