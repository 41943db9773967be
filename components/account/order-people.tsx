/**
 * Whom and where an account order goes: the recipient (name, address with its residence type,
 * phones) or the pick-up point, the sender, the card message, and once delivered the rider's
 * photo, which opens full size.
 */
import { TRACKER_PAGE_TEXTS } from '@/lib/content/tracker-texts';
import type { AccountOrder } from '@/lib/contracts/account';
import { useShell } from '@/lib/state/shell-context';
import { deliveryPhotoAlt } from './order-parts';
import tracker from '@/components/order-tracker/order-tracker.module.css';
import styles from './orders.module.css';

const orDash = (text: string) => text || '–';

function Recipient({ order }: { order: AccountOrder }) {
  const { recipient } = order;
  // '[Office] 5 Bourdillon Road': the residence type leads in brackets (spec section 3).
  const [, residence = '', address = recipient.address] = /^\s*\[([^\]]*)\]\s*(.*)$/s.exec(recipient.address) ?? [];
  return (
    <>
      <h3>Recipient</h3>
      <dl className={tracker.facts}>
        <dt>Name</dt>
        <dd>{orDash(recipient.name)}</dd>
        <dt>Address</dt>
        <dd>
          <address>{orDash(address)}</address>
          {residence && <span className={tracker.muted}>{residence}</span>}
        </dd>
        <dt>Phone</dt>
        <dd>{orDash(recipient.phone)}</dd>
        {recipient.altPhone && (
          <>
            <dt>Other phone</dt>
            <dd>{recipient.altPhone}</dd>
          </>
        )}
      </dl>
    </>
  );
}

function PickupPoint({ order }: { order: AccountOrder }) {
  const { shopInfo } = useShell();
  const point = shopInfo.pickupLocations.find((p) => p.code === order.despatchLocation);
  return (
    <>
      <h3>Pick-up</h3>
      <dl className={tracker.facts}>
        <dt>From</dt>
        <dd>
          {point ? (
            <>
              {point.name}
              <address>{point.address}</address>
            </>
          ) : (
            'Our pick-up point'
          )}
        </dd>
        {order.recipient.name && (
          <>
            <dt>Collected by</dt>
            <dd>{order.recipient.name}</dd>
          </>
        )}
      </dl>
    </>
  );
}

export function OrderPeople({ order }: { order: AccountOrder }) {
  const { sender } = order;
  return (
    <>
      {order.deliveryMethod === 'pick-up' ? <PickupPoint order={order} /> : <Recipient order={order} />}
      <h3>Sender</h3>
      <dl className={tracker.facts}>
        <dt>Name</dt>
        <dd>{orDash(sender.name)}</dd>
        <dt>E-mail</dt>
        <dd>{orDash(sender.email)}</dd>
        <dt>Phone</dt>
        <dd>{orDash(sender.phone)}</dd>
      </dl>
      {order.deliveryMessage && (
        <>
          <h3>Card message</h3>
          <blockquote className={styles.message}>{order.deliveryMessage}</blockquote>
        </>
      )}
      {order.deliveryPhoto && (
        <figure className={styles.deliveryPhoto}>
          <a href={order.deliveryPhoto} target="_blank" rel="noreferrer">
            <img src={order.deliveryPhoto} alt={deliveryPhotoAlt(order)} width={480} height={480} loading="lazy" referrerPolicy="no-referrer" />
          </a>
          <figcaption>{TRACKER_PAGE_TEXTS.deliveryPhoto} (opens full size)</figcaption>
        </figure>
      )}
    </>
  );
}
