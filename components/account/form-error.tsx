/** A form's failure, read out at once (role alert); nothing when there is none. `id` ties it to a field (aria-describedby). */
import styles from './forms.module.css';

export function FormError({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={styles.formError}>
      {message}
    </p>
  );
}
