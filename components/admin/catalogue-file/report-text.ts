/**
 * The import page's words: a report's summary line, and a changed cell as the change table
 * shows it (a price in naira, sizes one per line, long text shortened).
 */
import type { CatalogueImportReport } from '@/lib/contracts/catalogue-csv';
import { formatNaira } from '@/lib/domain/money';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`;

/** What a check found, or what an import did. */
export function summaryOf(report: CatalogueImportReport): string {
  if (report.errors.length > 0) {
    const rows = new Set(report.errors.map((e) => e.row)).size;
    return `${plural(report.errors.length, 'error', 'errors')} in ${plural(rows, 'row', 'rows')}: nothing can be imported until they are fixed. Correct the file and check it again.`;
  }
  const counts = `${plural(report.created, 'product', 'products')} to add, ${plural(report.updated, 'product', 'products')} to change, ${plural(report.unchanged, 'product', 'products')} unchanged`;
  if (!report.dryRun) return `Imported: ${report.created} added, ${report.updated} changed, ${report.unchanged} unchanged. The shop shows the changes now.`;
  return report.created + report.updated === 0 ? `Nothing to import: the file matches the catalogue (${counts}).` : `Ready to import: ${counts}.`;
}

/** A cell of a column as the change table shows it. */
export function shownCell(column: string, cell: string): string {
  if (cell === '') return '(empty)';
  if (column === 'price' && /^\d+$/.test(cell)) return formatNaira(Number(cell));
  if (column === 'sizes') return cell.split('|').join('\n');
  return cell.length > 140 ? `${cell.slice(0, 137)}…` : cell;
}
