/**
 * The sender block of the checkout form: name, e-mail, phone with its country code, and for a
 * guest the optional free account ('Create a free account' with a password).
 */
import { Checkbox, TextInput } from './form-fields';
import type { CheckoutForm } from './use-checkout-form';
import styles from './checkout.module.css';

export function SenderFields({ form, loggedIn }: { form: CheckoutForm; loggedIn: boolean }) {
  const { values, set, field } = form;
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Your details</legend>
      <div className={styles.grid2}>
        <TextInput {...field('senderName')} autoComplete="name" maxLength={200} />
        <TextInput {...field('senderEmail')} type="email" autoComplete="email" maxLength={254} />
      </div>
      <div className={styles.phone}>
        <TextInput {...field('senderCountryCode')} shortLabel="Country code" autoComplete="tel-country-code" inputMode="tel" maxLength={5} />
        <TextInput {...field('senderPhoneNumber')} type="tel" autoComplete="tel-national" inputMode="tel" maxLength={40} />
      </div>
      {!loggedIn && (
        <>
          <Checkbox
            label="Create a free account"
            hint="See your orders and keep an address book for next time."
            checked={values.freeAccount}
            onChange={(freeAccount) => set({ freeAccount })}
          />
          {values.freeAccount && <TextInput {...field('senderPassword')} type="password" autoComplete="new-password" maxLength={200} hint="At least 8 characters" />}
        </>
      )}
    </fieldset>
  );
}
