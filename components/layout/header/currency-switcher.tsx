/** The currency switcher: a panel that opens on click and closes when a currency is picked. */
import { useEffect, useId, useRef, useState } from 'react';
import { useCurrency } from '@/lib/state/currency-context';
import styles from './currency-switcher.module.css';

export function CurrencySwitcher({ placement = 'header' }: { placement?: 'header' | 'footer' | 'menu' }) {
  const { currency, currencies, setCurrency } = useCurrency();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div ref={root} className={`${styles.switcher} ${styles[placement]}`}>
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <span className="visually-hidden">Currency: </span>
        {currency.sign} {currency.name}
      </button>
      {open && (
        <ul id={panelId} className={styles.panel} aria-label="Choose a currency">
          {currencies.map((c) => (
            <li key={c.name}>
              <button
                type="button"
                aria-pressed={c.name === currency.name}
                onClick={() => {
                  setCurrency(c.name);
                  setOpen(false);
                }}
              >
                {c.sign} {c.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
