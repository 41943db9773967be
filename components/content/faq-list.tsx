/** FAQ questions as native <details>/<summary> disclosures: they open and close without JavaScript. */
import type { FaqEntry, FaqTable } from '@/lib/content/faq';
import { ShopLinks } from './shop-links';
import styles from './faq-list.module.css';

function AnswerTable({ table }: { table: FaqTable }) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{table.caption}</caption>
      <thead>
        <tr>
          {table.head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map(([zone, areas, fee]) => (
          <tr key={zone}>
            <th scope="row">{zone}</th>
            <td>{areas}</td>
            <td className={styles.fee}>{fee}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FaqList({ entries }: { entries: FaqEntry[] }) {
  return (
    <div className={styles.list}>
      {entries.map((entry) => {
        const [first, ...rest] = entry.answer;
        return (
          <details key={entry.id} id={entry.id} className={styles.item}>
            <summary>{entry.question}</summary>
            <div className={styles.answer}>
              <p>{first}</p>
              {entry.table && <AnswerTable table={entry.table} />}
              {rest.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {entry.links && <ShopLinks links={entry.links} compact label={`Links for: ${entry.question}`} />}
            </div>
          </details>
        );
      })}
    </div>
  );
}
