/**
 * What a statement check or import did: the counts, then the lines that confirmed an order and
 * the near misses for a person (why, the orders named, suggestions), then the lines skipped and
 * those imported before. Tables from 768 px, one card per line below (data-table.module.css).
 */
import type { ReactNode } from 'react';
import type { StatementReport } from '@/lib/contracts/bank-statement';
import { BankLine } from './bank-line';
import { OrderLinks } from './order-links';
import { OtherLines } from './other-lines';
import styles from './bank-statement.module.css';

export function StatementResults({ report }: { report: StatementReport }) {
  const { counts } = report;
  const tiles = [
    { label: report.dryRun ? 'Would confirm' : 'Confirmed', value: counts.confirmed, tone: styles.good },
    { label: 'For a person', value: counts.review, tone: counts.review > 0 ? styles.warn : '' },
    { label: 'Skipped', value: counts.skipped, tone: '' },
    { label: 'Already imported', value: counts.alreadyImported, tone: '' },
  ];
  return (
    <>
      <ul className={styles.tiles} aria-label="Counts">
        {tiles.map((tile) => (
          <li key={tile.label} className={`${styles.tile} ${tile.tone}`}>
            <span className={styles.tileValue}>{tile.value}</span>
            <span className={styles.tileLabel}>{tile.label}</span>
          </li>
        ))}
      </ul>
      {report.confirmed.length > 0 && (
        <section aria-labelledby="statement-confirmed" className={styles.part}>
          <h3 id="statement-confirmed" className={styles.partTitle}>
            {report.dryRun ? 'Transfers the import confirms' : 'Transfers confirmed'}
          </h3>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">From the bank</th>
                <th scope="col">Amount</th>
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody>
              {report.confirmed.map((line) => (
                <tr key={line.row} className={styles.row}>
                  <BankLine line={line} />
                  <td className={styles.amount}>{line.amount}</td>
                  <td>
                    <OrderLinks orders={[line.order]} />
                    <span className={styles.note}>{line.overpaid ? `Paid in full; ${line.overpaid} overpaid: refund due` : 'Paid in full'}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {report.review.length > 0 && (
        <section aria-labelledby="statement-review" className={styles.part}>
          <h3 id="statement-review" className={styles.partTitle}>
            For a person to check
          </h3>
          <p className={styles.muted}>Nothing was confirmed for these lines. Open the order, check the money arrived for it, and confirm the transfer there.</p>
          <ReviewTable lines={report.review} />
        </section>
      )}
      <OtherLines report={report} />
    </>
  );
}

/**
 * The near misses: the line, its amount, why, and the orders it names or that could be it;
 * `action`: what a person can do about a line, under them (the kept list's 'Dealt with').
 */
export function ReviewTable({ lines, extra, action }: { lines: StatementReport['review']; extra?: (index: number) => string; action?: (index: number) => ReactNode }) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">From the bank</th>
          <th scope="col">Amount</th>
          <th scope="col">Why it needs a person</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${line.row}-${index}`} className={`${styles.row} ${styles.reviewRow}`}>
            <BankLine line={line} extra={extra?.(index)} />
            <td className={styles.amount}>{line.amount}</td>
            <td>
              <span className={styles.reason}>{line.message}</span>
              <OrderLinks orders={line.orders} />
              <OrderLinks orders={line.suggestions} label="Orders awaiting exactly this amount:" />
              {action?.(index)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
