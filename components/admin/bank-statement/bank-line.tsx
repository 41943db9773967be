/** A statement line's own cell: the date and row, what the bank wrote (narration) and its reference. */
import styles from './bank-statement.module.css';

type Line = { row: number; date: string; narration: string; reference: string };

export function BankLine({ line, extra }: { line: Line; extra?: string }) {
  return (
    <th scope="row" className={styles.bankLine}>
      <span className={styles.lineDate}>{`${line.date} · row ${line.row}${extra ? ` · ${extra}` : ''}`}</span>
      <span className={styles.narration}>{line.narration || '(no narration)'}</span>
      {line.reference && <span className={styles.reference}>{`Ref ${line.reference}`}</span>}
    </th>
  );
}
