/**
 * The shopper's currency: the saved choice, otherwise picked by the browser's time zone (spec
 * section 9). The server renders the currency of the `currency` cookie or its own guess
 * (lib/domain/shopper-currency.mjs; `serverCurrency`), which hydration starts from, so the
 * hydrated page matches the server's HTML; right after, the client shows its own choice. That
 * choice is written to the cookie once when the page loads and again when the shopper picks one
 * (only when the cookie says otherwise), so the next page is rendered in it. An automatic switch
 * away from naira is announced by an info toast 8 s after load, for 4 s (spec section 8).
 */
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { currencyForTimeZone, DEFAULT_CURRENCIES, formatPrice, type Currency, type CurrencyCode } from '@/lib/domain/money';
import { knownCurrency } from '@/lib/domain/shopper-currency.mjs';
import { writeCurrencyCookie } from '@/lib/state/currency-cookie';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/state/storage';
import { notify } from '@/lib/ui/notify';

export const AUTO_SWITCH_NOTICE_DELAY_MS = 8000;
export const AUTO_SWITCH_NOTICE_DURATION_MS = 4000;

type CurrencyState = {
  currency: Currency;
  currencies: Currency[];
  setCurrency(code: CurrencyCode): void;
  /** A naira amount in the current currency, e.g. '$65'. */
  price(naira: number): string;
};

/** The browser's choice: saved, or by time zone (`auto`), kept in memory and in storage. */
type Choice = { code: CurrencyCode; auto: boolean };
let choice: Choice | null = null;
const listeners = new Set<() => void>();

type TemporalNow = { Now?: { timeZoneId?: () => string } };

/**
 * The browser's IANA time zone, e.g. 'Europe/London'. Temporal's answer where the browser has it:
 * asking Intl builds a date format first, which loads the locale's data, 40-55 ms of a first
 * visit's main thread on this machine (four times that on Lighthouse's phone), right after
 * hydration; Temporal answers in microseconds. Intl where there is no Temporal.
 */
export function browserTimeZone(): string {
  const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
  return temporal?.Now?.timeZoneId?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function readChoice(): Choice {
  if (!choice) {
    const saved = knownCurrency(readStored<unknown>(STORAGE_KEYS.currency));
    choice = saved ? { code: saved, auto: false } : { code: currencyForTimeZone(browserTimeZone()), auto: true };
  }
  return choice;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Saves a currency the shopper picked. */
export function chooseCurrency(code: CurrencyCode): void {
  choice = { code, auto: false };
  writeStored(STORAGE_KEYS.currency, code);
  writeCurrencyCookie(code);
  listeners.forEach((l) => l());
}

/** Forgets the in-memory choice (tests). */
export function resetCurrencyChoice(): void {
  choice = null;
}

const CurrencyContext = createContext<CurrencyState | null>(null);

type ProviderProps = { currencies?: Currency[]; serverCurrency?: CurrencyCode; children: ReactNode };

export function CurrencyProvider({ currencies = [...DEFAULT_CURRENCIES], serverCurrency = 'NGN', children }: ProviderProps) {
  const serverChoice = useMemo<Choice>(() => ({ code: serverCurrency, auto: false }), [serverCurrency]);
  const current = useSyncExternalStore(subscribe, readChoice, () => serverChoice);
  // The server renders the next page in the browser's choice (not the one it guessed for this
  // page): saved once here, and by chooseCurrency() when the shopper picks.
  useEffect(() => writeCurrencyCookie(readChoice().code), []);

  const value = useMemo<CurrencyState>(() => {
    const currency = currencies.find((c) => c.name === current.code) ?? currencies[0] ?? DEFAULT_CURRENCIES[0]!;
    return { currency, currencies, setCurrency: chooseCurrency, price: (naira: number) => formatPrice(naira, currency) };
  }, [current.code, currencies]);

  const announce = current.auto && value.currency.name !== 'NGN' ? value.currency : null;
  useEffect(() => {
    if (!announce) return;
    const timer = setTimeout(() => {
      notify('info', `Based on your location, the site has been set to ${announce.name} (${announce.sign}) to enable foreign Credit/Debit Cards and Paypal`, {
        autoClose: AUTO_SWITCH_NOTICE_DURATION_MS,
      });
    }, AUTO_SWITCH_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [announce]);

  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyState {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error('useCurrency must be used inside CurrencyProvider');
  return value;
}
