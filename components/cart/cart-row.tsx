/**
 * One cart item: picture, name, description, price, the quantity stepper (minus disabled at 1;
 * both also change the design quantity), delete, and the 'Size: …' and 'Design: … + … x …' lines.
 */
import type { CartItem } from '@/lib/domain/cart';
import { MAX_QUANTITY } from '@/lib/domain/cart';
import { Icon } from '@/components/layout/header/icons';
import { useCart } from '@/lib/state/cart-context';
import { useCurrency } from '@/lib/state/currency-context';
import { MINUS, PLUS, TRASH } from './icons';
import styles from './cart-row.module.css';

/** Our product pictures come in several widths; a row needs the smallest. */
const thumbnail = (src: string) => (src.startsWith('/media/') && !src.includes('?') ? `${src}?w=200` : src);

export function CartRow({ item, onRemove }: { item: CartItem; onRemove(): void }) {
  const { increment, decrement } = useCart();
  const { price } = useCurrency();
  const { design, size } = item;
  const label = size ? `${item.name} (${size})` : item.name;

  return (
    <li className={styles.row}>
      {item.image.src ? <img className={styles.image} src={thumbnail(item.image.src)} alt={item.image.alt} width={72} height={72} /> : <span className={styles.image} />}
      <div className={styles.info}>
        <h3 className={styles.name}>{item.name}</h3>
        {item.description && <p className={styles.description}>{item.description}</p>}
        <p className={styles.price}>{price(item.price)}</p>
        {size && <p className={styles.detail}>Size: {size}</p>}
        {design && (
          <p className={styles.detail}>
            Design: {design.title} + {price(design.price)} x {design.quantity}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <div className={styles.stepper} role="group" aria-label={`Quantity of ${label}`}>
          <button type="button" aria-label={`Decrease quantity of ${label}`} disabled={item.quantity <= 1} onClick={() => void decrement(item.SKU)}>
            <Icon d={MINUS} />
          </button>
          <span className={styles.quantity} aria-live="polite">
            {item.quantity}
          </span>
          <button type="button" aria-label={`Increase quantity of ${label}`} disabled={item.quantity >= MAX_QUANTITY} onClick={() => void increment(item.SKU)}>
            <Icon d={PLUS} />
          </button>
        </div>
        <button type="button" className={styles.remove} aria-label={`Remove ${label}`} onClick={onRemove}>
          <Icon d={TRASH} />
        </button>
      </div>
    </li>
  );
}
