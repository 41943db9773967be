/**
 * The search dropdown (loaded on first opening): a search box that goes to the results 300 ms
 * after typing stops (Enter at once; an empty search goes to the default category), and the
 * BEST SELLING PRODUCT cards of the birthday featured group (4 on desktop, 2 on mobile).
 */
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/router';
import { ProductCard } from '@/components/product/product-card';
import { DEFAULT_CATEGORY } from '@/lib/domain/catalogue';
import { useCurrency } from '@/lib/state/currency-context';
import { Icon, SEARCH } from './icons';
import { useFeatured } from './use-featured';
import styles from './search-panel.module.css';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_CARD_COUNT = 4;
const SEE_ALL_HREF = `/product-category/${DEFAULT_CATEGORY}`;

/** Where a search goes: the results page, or the default category for an empty search. */
export function searchHref(text: string): string {
  const query = text.trim();
  return query ? `/filters?search=${encodeURIComponent(query)}` : SEE_ALL_HREF;
}

type Props = { open: boolean; onDone(): void };

export function SearchPanel({ open, onDone }: Props) {
  const router = useRouter();
  const { currency } = useCurrency();
  // Spec section 8: a failure here is only logged and the list stays empty.
  const products = useFeatured('birthday', SEARCH_CARD_COUNT, (error) => console.error('Unable to fetch products by slugs', error));
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // null until the shopper types: opening the box alone goes nowhere.
  const [text, setText] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    // Closing (route change, Escape, outside press, the toggle) forgets the text.
    setWasOpen(open);
    if (!open) setText(null);
  }

  const go = (value: string) => {
    onDone();
    router.push(searchHref(value)).catch((error: unknown) => console.error(error));
  };
  const goLater = useEffectEvent(go);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open || text === null) return;
    const timer = setTimeout(() => goLater(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [open, text]);

  return (
    <div className={styles.inner}>
      <form
        role="search"
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          go(text ?? '');
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Search flowers and gifts
        </label>
        <Icon d={SEARCH} />
        <input
          ref={input}
          id={inputId}
          type="search"
          value={text ?? ''}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search roses, lilies, cakes, gifts…"
          autoComplete="off"
          enterKeyHint="search"
        />
      </form>
      <div className={styles.head}>
        <h2>BEST SELLING PRODUCT</h2>
        <Link href={SEE_ALL_HREF}>See All</Link>
      </div>
      <div className={styles.grid} aria-busy={!products}>
        {products
          ? products.map((product) => <ProductCard key={product.id} product={product} currency={currency} />)
          : Array.from({ length: SEARCH_CARD_COUNT }, (_, i) => <div key={i} className={styles.blank} aria-hidden="true" />)}
      </div>
    </div>
  );
}
