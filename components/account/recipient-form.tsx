/**
 * The address book's form, for a new recipient or an entry being changed (the whole entry is
 * replaced). It is the checkout's recipient block (RecipientDetails of
 * components/checkout/recipient-fields.tsx) with the checkout's rules: name, phone, address,
 * state and, where the state has zones, the zone are required; phones are checked and sent with
 * their country code once. The server's refusal (409 'already in your address book', a 400
 * naming a field) shows above the buttons; the form keeps what was typed.
 */
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { addRecipient, updateRecipient } from '@/lib/api/calls';
import type { RecipientBody, SavedRecipient } from '@/lib/contracts/account';
import type { DeliverySettings } from '@/lib/contracts/settings';
import { normaliseCountryCode, normalisePhone } from '@/lib/domain/checkout';
import { emptyValues, fieldError, RECIPIENT_KEYS, recipientValues, type CheckoutValues, type FormContext } from '@/components/checkout/checkout-form';
import { RecipientDetails } from '@/components/checkout/recipient-fields';
import { useCheckoutForm } from '@/components/checkout/use-checkout-form';
import { useAccountCall } from './use-account-call';
import { FormError } from './form-error';
import frame from './account.module.css';
import styles from './forms.module.css';

/** The checkout's recipient fields an address book entry keeps (delivery instructions are per order). */
const ENTRY_KEYS = RECIPIENT_KEYS.filter((key) => key !== 'deliveryInstruction');

/** The entry as the address book calls take it: phones with their country code, codes '+digits'. */
export function entryBody(values: CheckoutValues, hasZones: boolean): Omit<RecipientBody, 'business'> {
  const alt = values.recipientPhoneNumberAlt.trim();
  return {
    name: values.recipientName.trim(),
    phone: normalisePhone(values.recipientPhoneNumber, values.recipientCountryCode),
    phoneCountryCode: normaliseCountryCode(values.recipientCountryCode),
    altPhone: alt ? normalisePhone(alt, values.recipientCountryCodeAlt) : '',
    altPhoneCountryCode: normaliseCountryCode(values.recipientCountryCodeAlt),
    address: values.recipientHomeAddress.trim(),
    residenceType: values.residenceType,
    state: values.state,
    zone: hasZones ? values.zone : '',
  };
}

type Props = {
  /** The entry to change, or null for a new one. */
  recipient: SavedRecipient | null;
  settings: DeliverySettings;
  onSaved(saved: SavedRecipient): void;
  onCancel(): void;
};

export function RecipientForm({ recipient, settings, onSaved, onCancel }: Props) {
  const titleId = useId();
  const errorId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const config = settings.baseConfig;
  const ctx: FormContext = {
    loggedIn: true,
    earliestDay: '',
    hasZones: (state) => (config.stateDeliveryZones.find((s) => s.state === state)?.zones.length ?? 0) > 0,
  };
  const form = useCheckoutForm({ ...emptyValues(), ...(recipient && recipientValues(recipient)) }, ctx);
  const { busy, error, run } = useAccountCall();

  // The form opens above the list: take the reader there.
  useEffect(() => heading.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const bad = ENTRY_KEYS.filter((key) => fieldError(key, form.values, ctx) !== null);
    if (bad[0]) {
      bad.forEach(form.touch);
      document.getElementById(form.idOf(bad[0]))?.focus();
      return;
    }
    const body = entryBody(form.values, ctx.hasZones(form.values.state));
    const saved = await run((api) => (recipient ? updateRecipient(api, recipient.id, body) : addRecipient(api, body)));
    if (saved) onSaved(saved);
  }

  return (
    <section className={`${frame.panel} ${styles.editor}`} aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {recipient ? `Edit ${recipient.name}` : 'Add a recipient'}
      </h2>
      <p className={styles.note}>Fields marked * are required.</p>
      <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-labelledby={titleId} aria-describedby={error ? errorId : undefined}>
        <RecipientDetails form={form} config={config} />
        <FormError message={error} id={errorId} />
        <div className={styles.buttons}>
          <button type="submit" className={frame.primary} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving…' : 'Save recipient'}
          </button>
          <button type="button" className={frame.secondary} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
