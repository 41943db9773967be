/**
 * The board's orders: a table on a desktop, one card per order on a phone (the same markup,
 * board.module.css), each linking to its order page; totals only for roles that see money; and
 * the pages.
 */
import type { Board, BoardRow } from '@/lib/contracts/backoffice';
import { RECOVERY_LABELS, roleSeesMoney } from '@/lib/domain/backoffice';
import { PICKUP_LOCATIONS } from '@/lib/domain/checkout';
import { formatAmount } from '@/lib/domain/money';
import type { StaffRole } from '@/lib/domain/staff';
import { StateBadge } from '../state-badge';
import { areaLabel, dayLabel, type BoardFilters } from './board-query';
import styles from './board.module.css';

/** Where an order goes: its pick-up point, or its zone and city ('Other state' outside Lagos and Abuja). */
export function placeOf(row: Pick<BoardRow, 'deliveryMethod' | 'pickupPoint' | 'zone' | 'city'>): string {
  if (row.deliveryMethod === 'pick-up') return `Pick-up ${PICKUP_LOCATIONS.find((p) => p.code === row.pickupPoint)?.name ?? row.pickupPoint ?? ''}`.trim();
  const city = row.city === 'lagos' ? 'Lagos' : row.city === 'abuja' ? 'Abuja' : 'Other state';
  return row.zone ? `${areaLabel(row.zone)}, ${city}` : city;
}

type Props = { board: Board | null; loading: boolean; role: StaffRole; filters: BoardFilters; onPage: (page: number) => void };

export function BoardList({ board, loading, role, filters, onPage }: Props) {
  const money = roleSeesMoney(role);
  if (!board) return <p className={styles.empty}>{loading ? 'Loading orders…' : 'The orders could not be loaded.'}</p>;
  const pages = Math.max(1, Math.ceil(board.total / board.pageSize));
  const when = filters.day === 'all' ? 'on any day' : `for ${dayLabel(filters.day)}`;

  return (
    <section aria-label="Orders" aria-busy={loading} className={loading ? styles.stale : undefined}>
      <p className={styles.summary} role="status">
        {board.total === 1 ? '1 order' : `${board.total} orders`} {when}
        {filters.q && ` matching “${filters.q}”`}
      </p>
      {board.rows.length === 0 ? (
        <p className={styles.empty}>No orders here. Try another day, state or search.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Delivery</th>
              <th scope="col">Where</th>
              <th scope="col">Recipient</th>
              <th scope="col">Items</th>
              {money && <th scope="col">Total</th>}
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {board.rows.map((row) => (
              <tr key={row.id}>
                <td className={styles.number}>
                  <a href={`/admin/orders/${encodeURIComponent(row.id)}`}>{row.orderNumber}</a>
                </td>
                <td className={styles.day}>{dayLabel(row.deliveryDate)}</td>
                <td className={styles.place}>{placeOf(row)}</td>
                <td className={styles.recipient}>{row.recipientName || '—'}</td>
                <td className={styles.items}>{row.itemCount === 1 ? '1 item' : `${row.itemCount} items`}</td>
                {money && <td className={styles.total}>{formatAmount(row.totalInCurrency, row.currency)}</td>}
                <td className={styles.state}>
                  <StateBadge state={row.boardState} />
                  {row.recovery && <span className={`${styles.recovery} ${row.recovery === 'recovered' ? styles.recovered : ''}`}>{RECOVERY_LABELS[row.recovery]}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav className={styles.pages} aria-label="Pages">
          <button type="button" className={styles.pageButton} disabled={board.page <= 1} onClick={() => onPage(board.page - 1)}>
            Previous
          </button>
          <span>
            Page {board.page} of {pages}
          </span>
          <button type="button" className={styles.pageButton} disabled={board.page >= pages} onClick={() => onPage(board.page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
