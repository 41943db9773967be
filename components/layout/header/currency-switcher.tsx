/**
 * The currency switcher: a panel that opens on click and closes when a currency is picked. Its
 * choices need JavaScript (they are buttons in a panel a button opens), so they are added once the
 * page has hydrated rather than sent, hidden, in every page's HTML (twice: header and footer).
 */
import { useId, useRef, useState } from 'react';
import { useCurrency } from '@/lib/state/currency-context';
import { useHydrated } from '@/lib/ui/use-hydrated';
import { useDismiss } from './use-dismiss';
import styles from './currency-switcher.module.css';

export function CurrencySwitcher({ placement = 'header' }: { placement?: 'header' | 'footer' | 'menu' }) {
  const { currency, currencies, setCurrency } = useCurrency();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();

  const close = (focus: boolean) => {
    setOpen(false);
    if (focus) toggle.current?.focus();
  };
  useDismiss(open, root, close);

  return (
    <div ref={root} className={styles[placement] ? `${styles.switcher} ${styles[placement]}` : styles.switcher}>
      <button ref={toggle} type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <span className="visually-hidden">Currency: </span>
        {`${currency.sign} ${currency.name}`}
      </button>
      <ul id={panelId} className={styles.panel} aria-label="Choose a currency" hidden={!open}>
        {hydrated &&
          currencies.map((c) => (
            <li key={c.name}>
              <button
                type="button"
                aria-pressed={c.name === currency.name}
                onClick={() => {
                  setCurrency(c.name);
                  close(true);
                }}
              >
                {`${c.sign} ${c.name}`}
              </button>
            </li>
          ))}
      </ul>
    </div>
  );
}
