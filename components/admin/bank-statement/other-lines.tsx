/** The lines that did nothing: skipped (money out, balances) and imported before (by their stored hash). Folded away. */
import type { StatementReport } from '@/lib/contracts/bank-statement';
import styles from './bank-statement.module.css';

export function OtherLines({ report }: { report: StatementReport }) {
  const rows = [
    ...report.alreadyImported.map((l) => ({ row: l.row, date: l.date, narration: l.narration, amount: l.amount, why: `Already imported on ${l.importedAt.slice(0, 10)} (${l.outcome === 'confirmed' ? 'confirmed then' : 'listed for a person'}): nothing changes` })),
    ...report.skipped.map((l) => ({ row: l.row, date: l.date, narration: l.narration, amount: l.amount, why: l.reason })),
  ].sort((a, b) => a.row - b.row);
  if (rows.length === 0) return null;
  return (
    <details className={styles.other}>
      <summary>{`Lines that change nothing (${report.counts.alreadyImported} already imported, ${report.counts.skipped} skipped)`}</summary>
      <ul className={styles.otherList}>
        {rows.map((l) => (
          <li key={l.row}>
            <span className={styles.lineDate}>{`${l.date || '—'} · row ${l.row}`}</span>
            <span>{`${l.narration || '(no narration)'}${l.amount ? ` · ${l.amount}` : ''}`}</span>
            <span className={styles.muted}>{l.why}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
