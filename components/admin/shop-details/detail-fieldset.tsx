/**
 * One group of the shop details form (a branch, an account): a fieldset with its title, a note on
 * where shoppers see it, and a labelled input per field. The field the server's refusal names is
 * marked invalid (and found by its `data-path` to take the focus).
 */
import type { ShopDetails } from '@/lib/contracts/shop-details';
import { TextField } from '../text-field';
import { valueAt, type DetailGroup } from './shop-details-text';
import styles from './shop-details.module.css';

type Props = {
  group: DetailGroup;
  details: ShopDetails;
  /** The path of the field the server refused, if any. */
  invalid: string | null;
  onValue: (path: string, value: string) => void;
};

export function DetailFieldset({ group, details, invalid, onValue }: Props) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupTitle}>{group.title}</legend>
      {group.note && <p className={styles.note}>{group.note}</p>}
      {group.fields.map((field) => (
        <TextField
          key={field.path}
          label={field.label}
          hint={field.hint}
          type={field.type ?? 'text'}
          inputMode={field.inputMode}
          autoComplete="off"
          spellCheck={false}
          data-path={field.path}
          aria-invalid={invalid === field.path ? true : undefined}
          value={valueAt(details, field.path)}
          onValue={(value) => onValue(field.path, value)}
        />
      ))}
    </fieldset>
  );
}
