/**
 * /admin/catalogue-file: 'Download the catalogue (CSV)' (a plain link to
 * `GET /admin/api/catalogue-file`), then a file to import: 'Check' sends it as a dry run
 * (`POST …?dryRun=1`) and shows what would change and every error; 'Import' asks once more, then
 * sends it for real (`?dryRun=0`) and shows what changed. Choosing another file starts over.
 */
import { useId } from 'react';
import type { CatalogueImportReport } from '@/lib/contracts/catalogue-csv';
import { MAX_CATALOGUE_FILE_BYTES } from '@/lib/contracts/catalogue-csv';
import { CheckButton, ImportConfirm } from '../file-import';
import { useFileImport } from '../use-file-import';
import { ColumnGuide } from './column-guide';
import { ImportReport } from './import-report';
import { summaryOf } from './report-text';
import admin from '../admin.module.css';
import styles from './catalogue-file.module.css';

/** Where the download comes from (lib/api/staff.ts's CATALOGUE_FILE_URL, kept here so the page loads no API client for a link). */
const DOWNLOAD_URL = '/admin/api/catalogue-file';

export function CatalogueFile() {
  const id = useId();
  const { file, stage, busy, error, choose, check, importIt, ask, back } = useFileImport<CatalogueImportReport>({
    maxBytes: MAX_CATALOGUE_FILE_BYTES,
    chooseFirst: 'Choose a CSV file first',
    send: (api, chosen, dryRun) => api.staffCatalogueFile(chosen, dryRun),
  });

  const report = stage.kind === 'none' ? null : stage.report;
  const changes = report ? report.created + report.updated : 0;
  const ready = report?.dryRun === true && report.errors.length === 0 && changes > 0;
  return (
    <>
      <h1 className={styles.title}>Import &amp; export</h1>
      <section className={`${admin.card} ${styles.card}`} aria-labelledby={`${id}-download`}>
        <h2 className={styles.cardTitle} id={`${id}-download`}>
          Download
        </h2>
        <p className={styles.muted}>Every product, those not sold included, one row each. Open it in a spreadsheet, change what you need and save it as CSV UTF-8.</p>
        <a className={`${admin.primary} ${styles.button}`} href={DOWNLOAD_URL} download>
          Download the catalogue (CSV)
        </a>
      </section>

      <section className={`${admin.card} ${styles.card}`} aria-labelledby={`${id}-import`}>
        <h2 className={styles.cardTitle} id={`${id}-import`}>
          Import
        </h2>
        <form className={styles.upload} onSubmit={(e) => void check(e)}>
          <div className={admin.field}>
            <label className={admin.label} htmlFor={`${id}-file`}>
              CSV file
            </label>
            <span className={admin.hint}>Check shows what the file would change; nothing changes until you import it.</span>
            <input id={`${id}-file`} className={styles.file} type="file" accept=".csv,text/csv" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
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
            <p className={report.errors.length > 0 ? admin.error : admin.notice} role="status">
              {summaryOf(report)}
            </p>
            {ready && stage.kind === 'checked' && (
              <button type="button" className={admin.primary} onClick={() => ask(report)}>
                Import
              </button>
            )}
            {stage.kind === 'confirming' && (
              <ImportConfirm
                question={`Import ${changes === 1 ? 'this change' : `these ${changes} changes`}? Shoppers see ${changes === 1 ? 'it' : 'them'} at once.`}
                busy={busy}
                onImport={() => void importIt()}
                onCancel={() => back(report)}
              />
            )}
            <ImportReport report={report} />
          </div>
        )}
      </section>
      <ColumnGuide />
    </>
  );
}
