/**
 * The checkout's stage header (spec section 2): Delivery (1), Payment (2), Done (3), the current
 * one marked with aria-current="step". Shown on desktop only (wider than 768 px); small screens
 * read the stage from its heading. Part of the page's first load, so it stays tiny.
 */
import type { CheckoutStage } from '@/lib/domain/order';
import styles from './stage-header.module.css';

export const STAGES = ['Delivery', 'Payment', 'Done'] as const;

export function StageHeader({ stage }: { stage: CheckoutStage }) {
  return (
    <nav className={styles.stages} aria-label="Checkout stages">
      <ol>
        {STAGES.map((name, i) => {
          const n = i + 1;
          return (
            <li key={name} aria-current={n === stage ? 'step' : undefined} data-done={n < stage || undefined}>
              <span className={styles.number} aria-hidden="true">
                {n}
              </span>
              {name}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
