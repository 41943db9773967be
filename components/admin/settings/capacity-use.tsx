/** The bookings of the next days (and of every day with its own limits) against the limits: 'Full' where no place is left. */
import type { CapacityUse } from '@/lib/contracts/capacity';
import { deliveryDayText } from '@/lib/domain/delivery-change';
import admin from '../admin.module.css';
import styles from './capacity.module.css';

function Cell({ taken, limit }: { taken: number; limit: number | null }) {
  if (limit === null) return <td>{`${taken} (no limit)`}</td>;
  const full = taken >= limit;
  return <td data-full={full || undefined}>{full ? `${taken} of ${limit} · Full` : `${taken} of ${limit}`}</td>;
}

export function CapacityUseTable({ use }: { use: CapacityUse[] }) {
  return (
    <section className={admin.card} aria-labelledby="capacity-use-title">
      <h2 className={styles.cardTitle} id="capacity-use-title">
        Orders holding a place
      </h2>
      <p className={admin.hint}>Checked-out orders not cancelled: paid ones, and unpaid ones for an hour after checkout or their last payment attempt.</p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Lagos</th>
            <th scope="col">Abuja</th>
          </tr>
        </thead>
        <tbody>
          {use.map((u) => (
            <tr key={u.day}>
              <th scope="row">{deliveryDayText(u.day)}</th>
              <Cell {...u.lagos} />
              <Cell {...u.abuja} />
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
