/**
 * The pick-up block of the checkout form: the pickup points (Ikoyi LPI, Lekki LPL, Abuja APA) as
 * a radio group, each with its address from the shop information. The group counts as left when
 * focus leaves it.
 */
import { PICKUP_LOCATIONS } from '@/lib/domain/checkout';
import { useShell } from '@/lib/state/shell-context';
import { FieldMessage } from './form-fields';
import type { CheckoutForm } from './use-checkout-form';
import styles from './checkout.module.css';

export function PickupFields({ form }: { form: CheckoutForm }) {
  const { shopInfo } = useShell();
  const { id, label, required, value, error, onChange, onBlur } = form.field('pickUpLocation');
  return (
    <fieldset
      className={styles.section}
      aria-describedby={error ? `${id}-error` : undefined}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
      }}
    >
      <legend className={styles.sectionTitle}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      <div className={styles.choices}>
        {PICKUP_LOCATIONS.map((location, i) => {
          const info = shopInfo.pickupLocations.find((p) => p.code === location.code);
          return (
            <label key={location.code} className={styles.choice}>
              <input
                id={i === 0 ? id : undefined}
                type="radio"
                name={id}
                value={location.code}
                checked={value === location.code}
                onChange={() => onChange(location.code)}
              />
              <span>
                <strong>
                  {info?.name ?? location.name} ({location.code})
                </strong>
                {info?.address && <span className={styles.choiceText}>{info.address}</span>}
              </span>
            </label>
          );
        })}
      </div>
      <FieldMessage id={id} error={error} />
    </fieldset>
  );
}
