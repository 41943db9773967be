/**
 * The site-wide alert as shoppers will read it, in naira, dollars and pounds at the shop's
 * current rates: the storefront banner's own `{{n}}` rendering (`fillAmounts`, as
 * components/layout/alert-banner.tsx uses it).
 */
import type { AdminRate } from '@/lib/contracts/settings-admin';
import { fillAmounts } from '@/lib/domain/money';
import styles from './settings.module.css';

const NAMES = { NGN: 'In naira', USD: 'In dollars', GBP: 'In pounds' } as const;

export function AlertPreview({ text, rates }: { text: string; rates: AdminRate[] }) {
  return (
    <section className={styles.preview} aria-label="Preview of the alert">
      <h3 className={styles.previewTitle}>What shoppers see</h3>
      {text.trim() === '' ? (
        <p className={styles.muted}>No alert: the banner is hidden.</p>
      ) : (
        <dl className={styles.previewList}>
          {rates.map((rate) => (
            <div key={rate.name}>
              <dt>{NAMES[rate.name]}</dt>
              <dd className={styles.banner}>{fillAmounts(text, rate)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
