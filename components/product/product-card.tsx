/**
 * A product in a grid (spec section 2): picture (the second one on hover when there is one),
 * name and subtitle, price ('FROM' the lowest size for variable products), and the button:
 * 'Out of Stock' (disabled) for inactive or sold-out products, 'SELECT SIZE' for variable ones,
 * otherwise 'Buy Now' or the supplied text.
 *
 * The second picture is decorative (alt "") and loads lazily, which takes JavaScript: it is added
 * once the page has hydrated, not sent in the server's HTML (a box, its fallback and a
 * `<noscript>` less per card, on every uncached render). On the server a card's markup is kept per
 * product (`cardData`), except the priority ones'.
 */
import { Link } from '@/components/ui/link';
import { kept } from '@/lib/ui/kept-markup';
import type { ProductSummary } from '@/lib/contracts/catalogue';
import { splitProductName } from '@/lib/domain/product-name';
import { formatPrice, type Currency } from '@/lib/domain/money';
import { CARD_WIDTHS, ProductImage } from '@/components/product/product-image';
import { useHydrated } from '@/lib/ui/use-hydrated';
import styles from './product-card.module.css';

type Props = {
  product: ProductSummary;
  currency: Currency;
  priority?: boolean;
  /** Text of the button for simple products (default 'Buy Now'). */
  buttonText?: string;
  /** What the button does for a simple product; without it the button opens the product page. */
  onBuy?: (product: ProductSummary) => void;
  headingLevel?: 'h2' | 'h3';
};

export const CARD_SIZES = '(max-width: 768px) 50vw, 25vw';

/** What a card shows: its props, kept by identity on the server (`cardData`). */
function CardContent({ data }: { data: Props }) {
  const { product, currency, priority = false, buttonText = 'Buy Now', onBuy, headingLevel: Heading = 'h3' } = data;
  const { title, subtitle } = splitProductName(product.name);
  const [first, second] = product.images;
  const href = `/product/${product.slug}`;
  const available = product.active && product.inStock;
  const variable = product.type === 'variable';
  const hydrated = useHydrated();

  let action;
  if (!available) {
    action = (
      <button type="button" className={styles.button} disabled>
        Out of Stock
      </button>
    );
  } else if (variable || !onBuy) {
    action = (
      <Link href={href} className={styles.button} aria-label={`${variable ? 'Select size' : buttonText}: ${title}`}>
        {variable ? 'SELECT SIZE' : buttonText}
      </Link>
    );
  } else {
    action = (
      <button type="button" className={styles.button} onClick={() => onBuy(product)}>
        {buttonText}
      </button>
    );
  }

  return (
    <>
      <Link href={href} className={styles.media} tabIndex={-1} aria-hidden="true">
        {first && <ProductImage className={styles.image} src={first.src} alt={first.alt} sizes={CARD_SIZES} widths={CARD_WIDTHS} priority={priority} />}
        {second && hydrated && <ProductImage className={`${styles.image} ${styles.hover}`} src={second.src} alt="" sizes={CARD_SIZES} widths={CARD_WIDTHS} />}
      </Link>
      <div className={styles.body}>
        <Heading className={styles.name}>
          <Link href={href}>{title}</Link>
        </Heading>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        <p className={styles.price}>
          {variable && <span className={styles.from}>FROM</span>}
          {formatPrice(product.price, currency)}
        </p>
        {action}
      </div>
    </>
  );
}

/**
 * On the server, one props object per product, currency, button and heading, so that the card's
 * markup is kept (lib/ui/kept-markup.ts) when the same answer is rendered again (a listing whose
 * page missed the page cache while its API answer was still in the answer cache: the product
 * object lives as long as that answer's entry). A card is kept from its second drawing on: the
 * long tail of one-off listings keeps nothing. `onBuy` is the first one seen: the server never
 * calls it, and the markup only says whether there is one.
 */
let serverCards: WeakMap<ProductSummary, WeakMap<Currency, Map<string, Props | null>>> | undefined;
function cardData(props: Props): Props | null {
  serverCards ??= new WeakMap();
  let byCurrency = serverCards.get(props.product);
  if (!byCurrency) serverCards.set(props.product, (byCurrency = new WeakMap()));
  let byKind = byCurrency.get(props.currency);
  if (!byKind) byCurrency.set(props.currency, (byKind = new Map()));
  const kind = `${props.buttonText ?? ''}|${props.headingLevel ?? ''}|${props.onBuy ? 'buy' : ''}`;
  const data = byKind.get(kind);
  if (data === undefined) {
    // Seen once: drawn in place.
    byKind.set(kind, null);
    return null;
  }
  if (data === null) {
    const kept = { ...props, priority: false };
    byKind.set(kind, kept);
    return kept;
  }
  return data;
}

export function ProductCard(props: Props) {
  // A priority card's picture is preloaded from the page's <head> (React hoists it), which a
  // card drawn on its own would not do: it is rendered in place.
  const data = typeof window === 'undefined' && !props.priority ? cardData(props) : null;
  return data ? (
    kept('article', styles.card, CardContent, data)
  ) : (
    <article className={styles.card}>
      <CardContent data={props} />
    </article>
  );
}
