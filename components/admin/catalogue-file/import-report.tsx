/**
 * A check's or an import's report on /admin/catalogue-file: the errors (row, column, problem),
 * then each product that is added or changed (row, product, each changed column before → after),
 * then how many stay as they are. Tables from 768 px, cards below (data-table.module.css).
 */
import type { CatalogueImportReport } from '@/lib/contracts/catalogue-csv';
import { shownCell } from './report-text';
import styles from './catalogue-file.module.css';

export function ImportReport({ report }: { report: CatalogueImportReport }) {
  const changed = report.products.filter((p) => p.action !== 'unchanged');
  return (
    <>
      {report.errors.length > 0 && (
        <section aria-labelledby="report-errors" className={styles.part}>
          <h3 id="report-errors" className={styles.partTitle}>
            Errors
          </h3>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Column</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((error, index) => (
                <tr key={index} className={`${styles.row} ${styles.errorRow}`}>
                  <td className={styles.rowNumber}>{error.row > 0 ? `Row ${error.row}` : 'File'}</td>
                  <td className={styles.column}>{error.column ?? '—'}</td>
                  <td className={styles.problem}>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {changed.length > 0 && (
        <section aria-labelledby="report-changes" className={styles.part}>
          <h3 id="report-changes" className={styles.partTitle}>
            {report.dryRun ? 'What the import changes' : 'What changed'}
          </h3>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Product</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {changed.map((product) => (
                <tr key={product.row} className={styles.row}>
                  <td className={styles.rowNumber}>{`Row ${product.row}`}</td>
                  <th scope="row" className={styles.product}>
                    <span className={styles.name}>{product.name}</span>
                    <span className={styles.slug}>{product.slug}</span>
                  </th>
                  <td className={styles.changes}>
                    {product.action === 'created' ? (
                      <span className={`${styles.badge} ${styles.added}`}>New product</span>
                    ) : (
                      <ul className={styles.changeList}>
                        {product.changes.map((change) => (
                          <li key={change.column}>
                            <span className={styles.columnName}>{change.column}</span>{' '}
                            <span className={styles.before}>{shownCell(change.column, change.before)}</span>
                            <span aria-label="becomes"> → </span>
                            <span className={styles.after}>{shownCell(change.column, change.after)}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {report.unchanged > 0 && <p className={styles.muted}>{`${report.unchanged.toLocaleString('en-NG')} ${report.unchanged === 1 ? 'product stays' : 'products stay'} as ${report.unchanged === 1 ? 'it is' : 'they are'}.`}</p>}
    </>
  );
}
