/**
 * The delivery block of the checkout form: for a logged-in shopper a picker of saved recipients
 * (fills every recipient field) and 'Save this address'; the recipient's details (below); the
 * zones with their fees on the chosen day (from the delivery settings; 'Free' above the
 * free-delivery threshold); and the delivery instructions.
 *
 * `RecipientDetails` is the recipient itself: name, phone and alternative phone with their
 * country codes, residence type, address, state and zone. The account's address book edits its
 * entries with it (components/account/recipient-form.tsx), so both apply the same rules and choices.
 */
import { useId } from 'react';
import type { DeliveryConfig, DeliverySettings } from '@/lib/contracts/settings';
import type { SavedRecipient } from '@/lib/contracts/orders';
import { deliveryFee, RESIDENCE_TYPES } from '@/lib/domain/checkout';
import type { DeliveryZone } from '@/lib/domain/delivery';
import { useCurrency } from '@/lib/state/currency-context';
import { recipientValues } from './checkout-form';
import { Checkbox, Select, TextArea, TextInput, type Option } from './form-fields';
import type { CheckoutForm } from './use-checkout-form';
import styles from './checkout.module.css';

/** A zone's name for people, with its areas: 'Lagos central (Ikoyi, Victoria Island)'. */
export const zoneName = (zone: DeliveryZone) => `${zone.label}${zone.areas.length ? ` (${zone.areas.join(', ')})` : ''}`;

type DetailsProps = {
  form: CheckoutForm;
  /** The delivery config whose states and zones are offered. */
  config: DeliveryConfig;
  /** A zone's option text (default: its name and areas). */
  zoneText?: (zone: DeliveryZone) => string;
};

/** The recipient's fields (see the module comment). */
export function RecipientDetails({ form, config, zoneText = zoneName }: DetailsProps) {
  const { values, set, field } = form;
  const state = config.stateDeliveryZones.find((s) => s.state === values.state);
  const info = config.infoTextConfigs.find((t) => t.state === values.state)?.text;
  // A saved recipient's residence type the list no longer has stays visible (and kept).
  const residences: string[] = [...RESIDENCE_TYPES];
  if (values.residenceType && !residences.includes(values.residenceType)) residences.push(values.residenceType);

  return (
    <>
      <TextInput {...field('recipientName')} autoComplete="off" maxLength={200} />
      <div className={styles.phone}>
        <TextInput {...field('recipientCountryCode')} shortLabel="Country code" inputMode="tel" maxLength={5} />
        <TextInput {...field('recipientPhoneNumber')} type="tel" inputMode="tel" maxLength={40} />
      </div>
      <div className={styles.phone}>
        <TextInput {...field('recipientCountryCodeAlt')} shortLabel="Country code" inputMode="tel" maxLength={5} />
        <TextInput {...field('recipientPhoneNumberAlt')} type="tel" inputMode="tel" maxLength={40} />
      </div>
      <Select {...field('residenceType')} options={residences.map((t) => ({ value: t, label: t }))} placeholder="Choose the type of place" />
      <TextArea {...field('recipientHomeAddress')} rows={3} maxLength={1000} hint="Street, number, area and any landmark" />
      <div className={styles.grid2}>
        <Select
          {...field('state')}
          onChange={(next) => set({ state: next, zone: '' })}
          options={config.stateDeliveryZones.map((s) => ({ value: s.state, label: s.label }))}
          placeholder="Choose a state"
          hint={info}
        />
        {state && state.zones.length > 0 && (
          <Select {...field('zone')} options={state.zones.map((zone) => ({ value: zone.name, label: zoneText(zone) }))} placeholder="Choose a zone" />
        )}
      </div>
    </>
  );
}

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
  const day = values.deliveryDate || null;

  const zoneText = (zone: DeliveryZone) => {
    const quote = deliveryFee(settings, { method: 'delivery', state: values.state, zone: zone.name, day, subtotal, discount });
    const fee = quote.ok ? (quote.fee === 0 ? 'Free' : price(quote.fee)) : price(zone.amount);
    return `${zoneName(zone)}: ${fee}`;
  };
  const pickerOptions: Option[] = recipients.map((r) => ({ value: r.id, label: r.address ? `${r.name}, ${r.address}` : r.name }));

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
            {pickerOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <RecipientDetails form={form} config={config} zoneText={zoneText} />
      <TextArea {...field('deliveryInstruction')} maxLength={1000} hint="Gate codes, the best time to call, who else can receive it" />
      {loggedIn && <Checkbox label="Save this address" hint="Keep this recipient in your address book." checked={values.shouldSaveAddress} onChange={(shouldSaveAddress) => set({ shouldSaveAddress })} />}
    </fieldset>
  );
}
