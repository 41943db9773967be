/**
 * /admin/bank-statement: the manager chooses the statement file (CSV from internet banking) and
 * the account's currency; 'Check' sends it as a dry run (`POST …?dryRun=1`) and shows what each
 * line would do; 'Import' asks once more, then sends it for real and shows what happened.
 * Choosing another file or currency starts over. Below, the near misses kept from earlier imports.
 */
import { useId, useState } from 'react';
import { MAX_STATEMENT_FILE_BYTES, type StatementReport } from '@/lib/contracts/bank-statement';
import type { CurrencyCode } from '@/lib/domain/money';
import { GENERIC_HEADER, GTBANK_HEADER } from '@/lib/domain/bank-statement';
import { CheckButton, ImportConfirm } from '../file-import';
import { useFileImport } from '../use-file-import';
import { KeptReview } from './kept-review';
import { StatementResults } from './statement-results';
import admin from '../admin.module.css';
import styles from './bank-statement.module.css';

const ACCOUNTS: { currency: CurrencyCode; label: string }[] = [
  { currency: 'NGN', label: 'Naira (GTBank)' },
  { currency: 'USD', label: 'Dollars (Lead Bank)' },
  { currency: 'GBP', label: 'Pounds (NatWest)' },
];

export function BankStatement() {
  const id = useId();
  const [currency, setCurrency] = useState<CurrencyCode>('NGN');
  const [imports, setImports] = useState(0);
  const { file, stage, busy, error, choose, check, importIt, ask, back, restart } = useFileImport<StatementReport>({
    maxBytes: MAX_STATEMENT_FILE_BYTES,
    chooseFirst: 'Choose the statement file first',
    send: (api, chosen, dryRun) => api.staffBankStatement(chosen, { dryRun, currency }),
    onImported: () => setImports((n) => n + 1),
  });

  const report = stage.kind === 'none' ? null : stage.report;
  const toImport = report ? report.counts.confirmed + report.counts.review : 0;
  return (
    <>
      <h1 className={styles.title}>Bank statement</h1>
      <p className={styles.lead}>
        Transfers that name an order and cover what is due confirm it as paid. Near misses are listed for you and never confirmed. Uploading the same statement again changes nothing.
      </p>
      <section className={`${admin.card} ${styles.card}`} aria-labelledby={`${id}-upload`}>
        <h2 className={styles.cardTitle} id={`${id}-upload`}>
          Upload a statement
        </h2>
        <form className={styles.upload} onSubmit={(e) => void check(e)}>
          <div className={admin.field}>
            <label className={admin.label} htmlFor={`${id}-file`}>
              Statement file (CSV)
            </label>
            <span className={admin.hint}>{`GTBank's internet banking export (${GTBANK_HEADER}), or any file with the columns ${GENERIC_HEADER}.`}</span>
            <input id={`${id}-file`} className={styles.file} type="file" accept=".csv,text/csv" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
          </div>
          <div className={admin.field}>
            <label className={admin.label} htmlFor={`${id}-currency`}>
              Account
            </label>
            <select
              id={`${id}-currency`}
              className={`${admin.input} ${styles.select}`}
              value={currency}
              onChange={(e) => {
                setCurrency(e.target.value as CurrencyCode);
                restart();
              }}
            >
              {ACCOUNTS.map((a) => (
                <option key={a.currency} value={a.currency}>{`${a.label}: ${a.currency}`}</option>
              ))}
            </select>
            <span className={admin.hint}>Only orders in this currency are matched.</span>
          </div>
          <CheckButton busy={busy && stage.kind !== 'confirming'} disabled={busy || !file} />
        </form>
        {error && (
          <p className={admin.error} role="alert">
            {error}
          </p>
        )}
        {report && (
          <div className={styles.report}>
            <p className={admin.notice} role="status">
              {report.dryRun ? `Checked, nothing changed yet (${report.format === 'gtbank' ? 'GTBank export' : 'generic file'}, ${report.currency}).` : `Imported (${report.currency}).`}
            </p>
            {report.dryRun && stage.kind === 'checked' && toImport > 0 && (
              <button type="button" className={admin.primary} onClick={() => ask(report)}>
                Import
              </button>
            )}
            {stage.kind === 'confirming' && (
              <ImportConfirm
                question={`Confirm ${report.counts.confirmed === 1 ? '1 transfer' : `${report.counts.confirmed} transfers`} and keep ${report.counts.review === 1 ? '1 line' : `${report.counts.review} lines`} for a person?`}
                busy={busy}
                onImport={() => void importIt()}
                onCancel={() => back(report)}
              />
            )}
            <StatementResults report={report} />
          </div>
        )}
      </section>
      <KeptReview version={imports} />
    </>
  );
}
