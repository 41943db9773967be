/**
 * The checkout form's state over the rules of ./checkout-form.ts: the values, which fields were
 * left (a field shows its message once blurred, or after a submit), each field's props, and the
 * submit-time check that shows every message and focuses the first bad field.
 */
import { useId, useState } from 'react';
import { fieldError, formErrors, labelOf, requiredKeys, type CheckoutValues, type FormContext, type TextKey } from './checkout-form';
import type { FieldProps } from './form-fields';

export function useCheckoutForm(initial: CheckoutValues, ctx: FormContext) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<TextKey, boolean>>>({});
  const required = requiredKeys(values, ctx);

  const set = (patch: Partial<CheckoutValues>) => setValues((all) => ({ ...all, ...patch }));
  const touch = (key: TextKey) => setTouched((all) => (all[key] ? all : { ...all, [key]: true }));
  const idOf = (key: TextKey) => `${id}${key}`;

  const field = (key: TextKey): FieldProps => {
    const problem = fieldError(key, values, ctx);
    return {
      id: idOf(key),
      label: labelOf(key, values),
      required: required.includes(key),
      value: values[key],
      error: touched[key] ? problem : null,
      completed: values[key].trim() !== '' && !problem,
      onChange: (value) => set({ [key]: value }),
      onBlur: () => touch(key),
    };
  };

  /** Shows every message; true when the form is fine, else focuses the first bad field. */
  const check = (): boolean => {
    const bad = formErrors(values, ctx);
    setTouched((all) => ({ ...all, ...Object.fromEntries(bad.map((k) => [k, true])) }));
    const first = bad[0];
    if (first) document.getElementById(idOf(first))?.focus();
    return !first;
  };

  return { values, set, field, touch, check, idOf };
}

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;
