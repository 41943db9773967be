/**
 * One saved recipient in the address book: name, phones with their country codes, residence
 * type and address, state and zone (named as the delivery settings name them), and the Edit and
 * Delete buttons (named with the recipient for screen readers).
 */
import type { SavedRecipient } from '@/lib/contracts/account';
import type { DeliveryConfig } from '@/lib/contracts/settings';
import { localPhone } from '@/components/checkout/checkout-form';
import { zoneName } from '@/components/checkout/recipient-fields';
import frame from './account.module.css';
import styles from './forms.module.css';

/** '+2348031234567' with '+234' → '+234 8031234567'. */
const phoneText = (phone: string, code: string) => (code && phone.startsWith(code) ? `${code} ${localPhone(phone, code)}` : phone);

/** The card's heading id: the address book focuses it after a save. */
export const cardHeadingId = (id: string) => `recipient-${id}`;

type Props = { recipient: SavedRecipient; config: DeliveryConfig; onEdit(): void; onDelete(): void };

export function AddressCard({ recipient: r, config, onEdit, onDelete }: Props) {
  const state = config.stateDeliveryZones.find((s) => s.state === r.state);
  const zone = state?.zones.find((z) => z.name === r.zone);
  const area = [state?.label ?? r.state, zone ? zoneName(zone) : r.zone].filter(Boolean).join(', ');
  const phones = [phoneText(r.phone, r.phoneCountryCode), r.altPhone && phoneText(r.altPhone, r.altPhoneCountryCode)].filter(Boolean).join(' or ');

  return (
    <li className={styles.card}>
      <h3 id={cardHeadingId(r.id)} tabIndex={-1} className={styles.cardName}>
        {r.name}
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>Phone</dt>
          <dd>{phones}</dd>
        </div>
        {(r.address || r.residenceType) && (
          <div>
            <dt>Address</dt>
            <dd className={styles.address}>
              {r.residenceType && <span className={styles.tag}>{r.residenceType}</span>}
              {r.address}
            </dd>
          </div>
        )}
        {area && (
          <div>
            <dt>Delivery area</dt>
            <dd>{area}</dd>
          </div>
        )}
      </dl>
      <div className={styles.cardButtons}>
        <button type="button" className={frame.secondary} onClick={onEdit}>
          Edit<span className="visually-hidden"> {r.name}</span>
        </button>
        <button type="button" className={styles.quiet} onClick={onDelete}>
          Delete<span className="visually-hidden"> {r.name}</span>
        </button>
      </div>
    </li>
  );
}
