/**
 * The delivery block of the checkout form: for a logged-in shopper a picker of saved recipients
 * (fills the recipient fields) and 'Save this address'; the recipient's name, phone and
 * alternative phone with their country codes, residence type and address; the state and its
 * zones with their fees on the chosen day (from the delivery settings; 'Free' above the
 * free-delivery threshold); and the delivery instructions.
 */
import { useId } from 'react';
import type { DeliveryConfig, DeliverySettings } from '@/lib/contracts/settings';
import type { SavedRecipient } from '@/lib/contracts/orders';
import { deliveryFee, RESIDENCE_TYPES } from '@/lib/domain/checkout';
import { useCurrency } from '@/lib/state/currency-context';
import { recipientValues } from './checkout-form';
import { Checkbox, Select, TextArea, TextInput, type Option } from './form-fields';
import type { CheckoutForm } from './use-checkout-form';
import styles from './checkout.module.css';

type Props = {
  form: CheckoutForm;
  settings: DeliverySettings;
  /** The delivery config of the chosen day (or today). */
  config: DeliveryConfig;
  /** The order's subtotal and coupon discount in naira (free delivery is judged after the discount). */
  subtotal: number;
  discount: number;
  loggedIn: boolean;
  recipients: SavedRecipient[];
};

export function RecipientFields({ form, settings, config, subtotal, discount, loggedIn, recipients }: Props) {
  const { values, set, field } = form;
  const { price } = useCurrency();
  const pickerId = useId();
  const state = config.stateDeliveryZones.find((s) => s.state === values.state);
  const day = values.deliveryDate || null;

  const zoneOptions: Option[] = (state?.zones ?? []).map((zone) => {
    const quote = deliveryFee(settings, { method: 'delivery', state: values.state, zone: zone.name, day, subtotal, discount });
    const fee = quote.ok ? (quote.fee === 0 ? 'Free' : price(quote.fee)) : price(zone.amount);
    const areas = zone.areas.length ? ` (${zone.areas.join(', ')})` : '';
    return { value: zone.name, label: `${zone.label}${areas}: ${fee}` };
  });
  const info = config.infoTextConfigs.find((t) => t.state === values.state)?.text;
  const stateField = field('state');

  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Recipient</legend>
      {loggedIn && recipients.length > 0 && (
        <div className={styles.field}>
          <label htmlFor={pickerId} className={styles.label}>
            Saved recipients
          </label>
          <select
            id={pickerId}
            className={styles.input}
            value=""
            onChange={(e) => {
              const chosen = recipients.find((r) => r.id === e.target.value);
              if (chosen) set(recipientValues(chosen));
            }}
          >
            <option value="">Choose a saved recipient to fill in the details</option>
            {recipients.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
                {r.address ? `, ${r.address}` : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      <TextInput {...field('recipientName')} autoComplete="off" maxLength={200} />
      <div className={styles.phone}>
        <TextInput {...field('recipientCountryCode')} shortLabel="Country code" inputMode="tel" maxLength={5} />
        <TextInput {...field('recipientPhoneNumber')} type="tel" inputMode="tel" maxLength={40} />
      </div>
      <div className={styles.phone}>
        <TextInput {...field('recipientCountryCodeAlt')} shortLabel="Country code" inputMode="tel" maxLength={5} />
        <TextInput {...field('recipientPhoneNumberAlt')} type="tel" inputMode="tel" maxLength={40} />
      </div>
      <Select {...field('residenceType')} options={RESIDENCE_TYPES.map((t) => ({ value: t, label: t }))} placeholder="Choose the type of place" />
      <TextArea {...field('recipientHomeAddress')} rows={3} maxLength={1000} hint="Street, number, area and any landmark" />
      <div className={styles.grid2}>
        <Select
          {...stateField}
          onChange={(next) => set({ state: next, zone: '' })}
          options={config.stateDeliveryZones.map((s) => ({ value: s.state, label: s.label }))}
          placeholder="Choose a state"
          hint={info}
        />
        {state && state.zones.length > 0 && <Select {...field('zone')} options={zoneOptions} placeholder="Choose a zone" />}
      </div>
      <TextArea {...field('deliveryInstruction')} maxLength={1000} hint="Gate codes, the best time to call, who else can receive it" />
      {loggedIn && <Checkbox label="Save this address" hint="Keep this recipient in your address book." checked={values.shouldSaveAddress} onChange={(shouldSaveAddress) => set({ shouldSaveAddress })} />}
    </fieldset>
  );
}
