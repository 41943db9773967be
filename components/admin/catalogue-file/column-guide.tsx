/** The columns of the catalogue file and the import's rules, from the contract (lib/contracts/catalogue-csv.ts). */
import { CATALOGUE_COLUMNS } from '@/lib/contracts/catalogue-csv';
import styles from './catalogue-file.module.css';

export function ColumnGuide() {
  return (
    <details className={styles.guide}>
      <summary>The file&apos;s columns and rules</summary>
      <ul className={styles.rules}>
        <li>One row per product. A row finds its product by id, else by slug; a row that finds none adds a product.</li>
        <li>A column you leave out keeps every product&apos;s value: a file with just slug and price changes prices only.</li>
        <li>An empty in_stock, active, budget, product_class or relevance_order cell keeps the product&apos;s value.</li>
        <li>Lists are separated by |. Cells starting with = + - or @ get an apostrophe in front in the download; the import takes it off.</li>
        <li>Save the file as &quot;CSV UTF-8&quot; so that ₦ and the en dash survive. Nothing changes until you press Import, and then all rows change together or none.</li>
      </ul>
      <dl className={styles.columns}>
        {CATALOGUE_COLUMNS.map((column) => (
          <div key={column.name}>
            <dt>{column.name}</dt>
            <dd>{column.help}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
