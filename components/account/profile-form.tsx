/**
 * The profile's details: name, phone with its country code (the checkout fills the sender's
 * fields with them) and the marketing opt-in, saved together with `updateProfile`. The phone is
 * sent as the checkout sends phones (country code once, leading 0 dropped). After saving, the
 * stored user record gets the new name and phone, so the next checkout uses them at once.
 */
import { useId, useState, type FormEvent } from 'react';
import { updateProfile } from '@/lib/api/calls';
import type { Profile } from '@/lib/contracts/account';
import { DEFAULT_COUNTRY_CODE, normaliseCountryCode, normalisePhone } from '@/lib/domain/checkout';
// Loaded only once a user is known, like the user store itself: its update is imported directly.
import { update } from '@/lib/state/user-store';
import { notify } from '@/lib/ui/notify';
import { countryCodeError, nationalPhone, phoneError } from '@/components/checkout/checkout-form';
import { TextInput, type FieldProps } from '@/components/checkout/form-fields';
import { useAccountCall } from './use-account-call';
import { FormError } from './form-error';
import frame from './account.module.css';
import styles from './forms.module.css';

export const PROFILE_TEXT = {
  saved: 'Your details have been saved',
  marketing: 'Send me offers and occasion reminders by e-mail',
  nameRequired: 'Name is required',
  unproven: "Ordered as a guest with this e-mail before? Those orders join 'My orders' once you have logged in with a one-time password ('Reset your password' when logging in).",
};

type Values = { name: string; code: string; phone: string };

function problems(values: Values): Record<keyof Values, string | null> {
  return {
    name: values.name.trim() ? null : PROFILE_TEXT.nameRequired,
    code: countryCodeError(values.code),
    phone: values.phone.trim() ? phoneError(values.phone, values.code) : null,
  };
}

export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved(profile: Profile): void }) {
  const id = useId();
  const { busy, error, run } = useAccountCall();
  const code = profile.phoneCountryCode || DEFAULT_COUNTRY_CODE;
  const [values, setValues] = useState<Values>({ name: profile.name, code, phone: profile.phone ? nationalPhone(profile.phone, code) : '' });
  const [marketing, setMarketing] = useState(profile.marketingOptIn);
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const problem = problems(values);

  const field = (key: keyof Values, label: string, required: boolean): FieldProps => ({
    id: `${id}${key}`,
    label,
    required,
    value: values[key],
    error: touched[key] ? problem[key] : null,
    completed: values[key].trim() !== '' && !problem[key],
    onChange: (value) => setValues((all) => ({ ...all, [key]: value })),
    onBlur: () => setTouched((all) => ({ ...all, [key]: true })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const bad = (Object.keys(problem) as (keyof Values)[]).filter((key) => problem[key]);
    if (bad[0]) {
      setTouched({ name: true, code: true, phone: true });
      document.getElementById(`${id}${bad[0]}`)?.focus();
      return;
    }
    const phone = values.phone.trim();
    const answer = await run((api) =>
      updateProfile(api, {
        name: values.name.trim(),
        phone: phone ? normalisePhone(phone, values.code) : '',
        phoneCountryCode: normaliseCountryCode(values.code),
        marketingOptIn: marketing,
      }),
    );
    if (!answer) return;
    update({ name: answer.name, phone: answer.phone, phoneCountryCode: answer.phoneCountryCode });
    notify('success', PROFILE_TEXT.saved);
    onSaved(answer);
  }

  return (
    <section className={frame.panel} aria-labelledby={`${id}title`}>
      <h2 id={`${id}title`}>Your details</h2>
      <p className={styles.note}>
        We fill in your name and phone number for you at checkout. You log in with <strong className={styles.email}>{profile.email}</strong>.
      </p>
      {!profile.emailProven && <p className={styles.note}>{PROFILE_TEXT.unproven}</p>}
      <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}title`}>
        <TextInput {...field('name', 'Name', true)} autoComplete="name" maxLength={100} />
        <div className={styles.phone}>
          <TextInput {...field('code', 'Country code', true)} autoComplete="tel-country-code" inputMode="tel" maxLength={5} />
          <TextInput {...field('phone', 'Phone number', false)} type="tel" autoComplete="tel-national" inputMode="tel" maxLength={40} />
        </div>
        <label className={styles.check}>
          <input type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />
          <span>{PROFILE_TEXT.marketing}</span>
        </label>
        <FormError message={error} />
        <div className={styles.buttons}>
          <button type="submit" className={frame.primary} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving…' : 'Save details'}
          </button>
        </div>
      </form>
    </section>
  );
}
