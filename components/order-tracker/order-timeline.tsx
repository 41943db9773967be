/**
 * The order's timeline as an ordered list, oldest first: each step's label, the staff's note and
 * its day and time in Lagos. The newest step is the current one (`aria-current="step"`).
 */
import type { TimelineEntry } from '@/lib/contracts/orders';
import { lagosTime } from './texts';
import styles from './order-tracker.module.css';

export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className={styles.muted}>No updates yet.</p>;
  // ISO instants sort as text; the server's order breaks ties.
  const steps = entries.map((entry, index) => ({ entry, index })).sort((a, b) => (a.entry.at < b.entry.at ? -1 : a.entry.at > b.entry.at ? 1 : a.index - b.index));
  const last = steps.length - 1;
  return (
    <ol className={styles.timeline}>
      {steps.map(({ entry, index }, i) => (
        <li key={index} aria-current={i === last ? 'step' : undefined}>
          <p className={styles.step}>
            {entry.label}
            {i === last && <span className={styles.now}>Current</span>}
          </p>
          {entry.note && <p className={styles.note}>{entry.note}</p>}
          <time dateTime={entry.at}>{lagosTime(entry.at)}</time>
        </li>
      ))}
    </ol>
  );
}
