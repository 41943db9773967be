/** Delivery facts on the product page: same-day promise, today's fees per zone, free-delivery threshold. */
import { Link } from '@/components/ui/link';
import { useCurrency } from '@/lib/state/currency-context';
import styles from './delivery-info.module.css';

export type DeliveryFacts = {
  alerts: string[];
  fees: { label: string; amount: number }[];
  freeDeliveryThreshold: number;
};

export function DeliveryInfo({ facts }: { facts: DeliveryFacts }) {
  const { price } = useCurrency();
  return (
    <section className={styles.box} aria-labelledby="delivery-heading">
      <h2 id="delivery-heading">Delivery</h2>
      <ul className={styles.alerts}>
        {facts.alerts.map((alert) => (
          <li key={alert}>{alert}</li>
        ))}
      </ul>
      <table className={styles.fees}>
        <caption className="visually-hidden">Delivery fees today</caption>
        <tbody>
          {facts.fees.map((fee) => (
            <tr key={fee.label}>
              <th scope="row">{fee.label}</th>
              <td>{price(fee.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>
        Free delivery in central Lagos and Abuja when your items come to {price(facts.freeDeliveryThreshold)} or more after any coupon. Pickup in Ikoyi, Lekki or Abuja is free. Other states:
        quoted by our staff. <Link href="/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja">Delivery questions</Link>
      </p>
    </section>
  );
}
