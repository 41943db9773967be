/** The cart button: a bag icon with the item count ('9+' above 9; no badge when empty). */
import { CART, Icon } from './icons';
import styles from './actions.module.css';

export function CartButton({ count, onOpen }: { count: number; onOpen(): void }) {
  return (
    <button type="button" className={styles.icon} aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`} onClick={onOpen}>
      <Icon d={CART} />
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {count > 9 ? '9+' : count}
        </span>
      )}
    </button>
  );
}
