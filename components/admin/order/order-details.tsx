/**
 * What the florist and the rider need from an order, and what the printed order sheet shows:
 * the card message (large), the items with picture, size and design, the recipient (phone to
 * call, address to open in Google Maps), the delivery day and place, the sender, the purpose and
 * the shopper's notes. No money here.
 */
import type { Order } from '@/lib/contracts/orders';
import { normalisePhone, PICKUP_LOCATIONS } from '@/lib/domain/checkout';
import { areaLabel, dayLabel } from '../board/board-query';
import { mapsLink } from './order-text';
import styles from './order.module.css';

function Phone({ number, code }: { number: string; code: string }) {
  if (!number) return <>—</>;
  return <a href={`tel:${normalisePhone(number, code || undefined)}`}>{number}</a>;
}

type Delivered = { photo: string | null; receivedBy: string };

export function OrderDetails({ order, rider = null, delivery = null }: { order: Order; rider?: { id: string; name: string } | null; delivery?: Delivered | null }) {
  const d = order.deliveryDetails;
  const pickup = order.deliveryMethod === 'pick-up' ? PICKUP_LOCATIONS.find((p) => p.code === order.despatchLocation) : undefined;
  const address = order.recipientAddress || d.recipientAddress;
  const mapQuery = [d.recipientAddress || address, d.zone, d.state, 'Nigeria'].filter(Boolean).join(', ');

  return (
    <>
      <section className={`${styles.card} ${styles.message}`} aria-labelledby="card-message">
        <h2 id="card-message" className={styles.heading}>
          Card message
        </h2>
        {order.deliveryMessage ? <p className={styles.messageText}>{order.deliveryMessage}</p> : <p className={styles.muted}>No card message.</p>}
      </section>

      <section className={styles.card} aria-labelledby="items">
        <h2 id="items" className={styles.heading}>
          Items
        </h2>
        <ul className={styles.items}>
          {order.orderProducts.map((item) => (
            <li key={`${item.SKU}-${item.design?.name ?? ''}`} className={styles.item}>
              <img className={styles.picture} src={item.image.src} alt={item.image.alt} width={96} height={96} />
              <div>
                <p className={styles.itemName}>
                  <span className={styles.quantity}>{item.quantity} ×</span> {item.name}
                </p>
                <dl className={styles.itemFacts}>
                  {item.size && (
                    <>
                      <dt>Size</dt>
                      <dd>{item.size}</dd>
                    </>
                  )}
                  {item.design && (
                    <>
                      <dt>Design</dt>
                      <dd>{item.design.title || item.design.name}</dd>
                    </>
                  )}
                </dl>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <div className={styles.pair}>
        <section className={styles.card} aria-labelledby="recipient">
          <h2 id="recipient" className={styles.heading}>
            {pickup ? 'Collected by' : 'Recipient'}
          </h2>
          <dl className={styles.facts}>
            <dt>Name</dt>
            <dd className={styles.strong}>{d.recipientName || '—'}</dd>
            <dt>Phone</dt>
            <dd>
              <Phone number={d.recipientPhone} code={d.recipientPhoneCountryCode} />
              {d.recipientAltPhone && (
                <>
                  {' · '}
                  <Phone number={d.recipientAltPhone} code={d.recipientAltPhoneCountryCode} />
                </>
              )}
            </dd>
            {!pickup && (
              <>
                <dt>Address</dt>
                <dd>
                  <span className={styles.address}>{address || '—'}</span>
                  {address && (
                    <a className={`${styles.mapLink} ${styles.noPrint}`} href={mapsLink(mapQuery)} target="_blank" rel="noopener noreferrer">
                      Open in Google Maps
                    </a>
                  )}
                </dd>
                <dt>Area</dt>
                <dd>{[d.zone, d.state].filter(Boolean).map(areaLabel).join(', ') || '—'}</dd>
              </>
            )}
          </dl>
        </section>

        <section className={styles.card} aria-labelledby="delivery">
          <h2 id="delivery" className={styles.heading}>
            {pickup ? 'Pick-up' : 'Delivery'}
          </h2>
          <dl className={styles.facts}>
            <dt>Day</dt>
            <dd className={styles.strong}>{order.deliveryDate ? dayLabel(order.deliveryDate) : 'Not chosen'}</dd>
            {pickup && (
              <>
                <dt>Point</dt>
                <dd>{pickup.name}</dd>
              </>
            )}
            {rider && (
              <>
                <dt>Rider</dt>
                <dd>{rider.name}</dd>
              </>
            )}
            {delivery?.receivedBy && (
              <>
                <dt>{pickup ? 'Collected by' : 'Received by'}</dt>
                <dd>{delivery.receivedBy}</dd>
              </>
            )}
            {order.deliveryInstruction && (
              <>
                <dt>Instructions</dt>
                <dd className={styles.prewrap}>{order.deliveryInstruction}</dd>
              </>
            )}
            <dt>Purpose</dt>
            <dd>{order.purpose || '—'}</dd>
            <dt>Sender</dt>
            <dd>
              {order.client.name || '—'}
              {order.client.phone && (
                <>
                  {' · '}
                  <Phone number={order.client.phone} code={order.client.phoneCountryCode} />
                </>
              )}
              {order.client.email && (
                <>
                  <br />
                  <a href={`mailto:${order.client.email}`}>{order.client.email}</a>
                </>
              )}
            </dd>
            {order.adminNotes && (
              <>
                <dt>Notes</dt>
                <dd className={styles.prewrap}>{order.adminNotes}</dd>
              </>
            )}
          </dl>
          {delivery?.photo && (
            <figure className={styles.deliveryPhoto}>
              <a href={delivery.photo} target="_blank" rel="noreferrer">
                <img src={delivery.photo} alt={`The delivery of ${order.orderNumber}`} loading="lazy" />
              </a>
              <figcaption>The rider&apos;s photo at delivery</figcaption>
            </figure>
          )}
        </section>
      </div>
    </>
  );
}
