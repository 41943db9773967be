/**
 * @jest-environment-options {"url": "https://shop.test/product/roses"}
 */
/**
 * The shopper's currency in the browser (lib/state/currency-context.tsx, currency-cookie.ts):
 * hydration starts from the server's currency without a mismatch, then the saved choice or the
 * time zone; the `currency` cookie is written when that choice is first known and when the
 * shopper picks, only when it changes; the auto-switch notice keeps the spec's rules. Runs at an
 * https address, so the cookie must be Secure.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { CurrencyCode } from '@/lib/domain/money';
import { AUTO_SWITCH_NOTICE_DELAY_MS, browserTimeZone, CurrencyProvider, resetCurrencyChoice, useCurrency } from '@/lib/state/currency-context';
import { readCurrencyCookie, writeCurrencyCookie } from '@/lib/state/currency-cookie';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/state/storage';
import { onToast, TOAST_SWAP_DELAY_MS, type PendingToast } from '@/lib/ui/notify';

function Price() {
  const { price, setCurrency } = useCurrency();
  return (
    <>
      <p>{price(70000)}</p>
      <button type="button" onClick={() => setCurrency('GBP')}>
        GBP
      </button>
    </>
  );
}

function inTimeZone(timeZone: string) {
  const real = Intl.DateTimeFormat;
  jest.spyOn(Intl, 'DateTimeFormat').mockImplementation(((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
    const format = new real(...args);
    const options = format.resolvedOptions();
    return Object.assign(format, { resolvedOptions: () => ({ ...options, timeZone }) });
  }) as unknown as typeof Intl.DateTimeFormat);
}

let toasts: PendingToast[] = [];

beforeEach(() => {
  toasts = [];
  onToast((t) => {
    if (t) toasts.push(t);
  });
  localStorage.clear();
  Cookies.remove('currency', { path: '/' });
  resetCurrencyChoice();
  jest.useFakeTimers();
});
afterEach(() => {
  onToast(null);
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('CurrencyProvider', () => {
  it('picks GBP in London and announces it 8 s after load for 4 s', () => {
    inTimeZone('Europe/London');
    render(
      <CurrencyProvider>
        <Price />
      </CurrencyProvider>,
    );
    expect(screen.getByText('£79')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(AUTO_SWITCH_NOTICE_DELAY_MS + TOAST_SWAP_DELAY_MS - 1));
    expect(toasts).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(toasts).toEqual([
      expect.objectContaining({ kind: 'info', content: 'Based on your location, the site has been set to GBP (£) to enable foreign Credit/Debit Cards and Paypal', autoClose: 4000 }),
    ]);
  });

  it('stays on naira in Lagos without a notice', () => {
    inTimeZone('Africa/Lagos');
    render(
      <CurrencyProvider>
        <Price />
      </CurrencyProvider>,
    );
    expect(screen.getByText('₦70,000')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10000));
    expect(toasts).toEqual([]);
  });

  it('prefers the saved currency and skips the notice', () => {
    inTimeZone('America/New_York');
    writeStored(STORAGE_KEYS.currency, 'NGN');
    render(
      <CurrencyProvider>
        <Price />
      </CurrencyProvider>,
    );
    expect(screen.getByText('₦70,000')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10000));
    expect(toasts).toEqual([]);
  });

  it('saves the shopper’s choice', async () => {
    inTimeZone('America/New_York');
    jest.useRealTimers();
    render(
      <CurrencyProvider>
        <Price />
      </CurrencyProvider>,
    );
    expect(screen.getByText('$100')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'GBP' }));
    expect(screen.getByText('£79')).toBeInTheDocument();
    expect(readStored(STORAGE_KEYS.currency)).toBe('GBP');
  });
});

describe('hydration from the server’s currency', () => {
  /** The page as the server renders it for `serverCurrency`, then hydrated in this browser. */
  function serverThenHydrate(serverCurrency: CurrencyCode) {
    const ui = (
      <CurrencyProvider serverCurrency={serverCurrency}>
        <Price />
      </CurrencyProvider>
    );
    const html = renderToString(ui);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    const consoleError = jest.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    const shown: string[] = [];
    // Every price text the page shows, from the server's HTML on (as a shopper would see it).
    const observer = new MutationObserver(() => shown.push(container.querySelector('p')?.textContent ?? ''));
    shown.push(container.querySelector('p')?.textContent ?? '');
    observer.observe(container, { subtree: true, childList: true, characterData: true });
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push(error) });
    });
    return {
      html,
      errors,
      shown,
      container,
      done() {
        observer.disconnect();
        consoleError.mockRestore();
        act(() => root?.unmount());
        container.remove();
      },
    };
  }

  it('hydrates the server’s dollars without a mismatch, then shows London’s pounds and saves them in the cookie', () => {
    inTimeZone('Europe/London');
    const set = jest.spyOn(Cookies, 'set');
    const page = serverThenHydrate('USD');
    expect(page.html).toContain('$100');
    expect(page.errors).toEqual([]);
    expect(page.container.querySelector('p')?.textContent).toBe('£79');
    expect(page.shown.every((text) => !text.includes('₦'))).toBe(true);
    expect(page.shown[0]).toBe('$100');
    // Written once, with the time zone's choice (not the server's guess), for a year, site-wide, Lax, Secure on https.
    expect(set.mock.calls).toEqual([['currency', 'GBP', { expires: 365, path: '/', sameSite: 'Lax', secure: true }]]);
    expect(readCurrencyCookie()).toBe('GBP');
    // Still an automatic switch: announced 8 s after load.
    act(() => jest.advanceTimersByTime(AUTO_SWITCH_NOTICE_DELAY_MS + TOAST_SWAP_DELAY_MS));
    expect(toasts).toEqual([expect.objectContaining({ kind: 'info', autoClose: 4000 })]);
    page.done();
  });

  it('hydrates the server’s pounds in London without a change, a mismatch or a cookie write when the cookie already says so', () => {
    inTimeZone('Europe/London');
    Cookies.set('currency', 'GBP', { path: '/' });
    const set = jest.spyOn(Cookies, 'set');
    const page = serverThenHydrate('GBP');
    expect(page.errors).toEqual([]);
    expect(new Set(page.shown)).toEqual(new Set(['£79']));
    expect(set).not.toHaveBeenCalled();
    page.done();
  });

  it('the saved choice beats the time zone and the server’s guess, and goes into the cookie without a notice', () => {
    inTimeZone('Europe/London');
    writeStored(STORAGE_KEYS.currency, 'NGN');
    const page = serverThenHydrate('GBP');
    expect(page.errors).toEqual([]);
    expect(page.container.querySelector('p')?.textContent).toBe('₦70,000');
    expect(readCurrencyCookie()).toBe('NGN');
    act(() => jest.advanceTimersByTime(10000));
    expect(toasts).toEqual([]);
    page.done();
  });

  it('a saved value that is not a currency is ignored', () => {
    inTimeZone('Africa/Lagos');
    writeStored(STORAGE_KEYS.currency, 'EUR');
    const page = serverThenHydrate('NGN');
    expect(page.container.querySelector('p')?.textContent).toBe('₦70,000');
    expect(readCurrencyCookie()).toBe('NGN');
    page.done();
  });

  it('does not rewrite the cookie on later renders, only when the shopper picks', async () => {
    inTimeZone('America/New_York');
    jest.useRealTimers();
    const set = jest.spyOn(Cookies, 'set');
    const { rerender } = render(
      <CurrencyProvider serverCurrency="NGN">
        <Price />
      </CurrencyProvider>,
    );
    rerender(
      <CurrencyProvider serverCurrency="USD">
        <Price />
      </CurrencyProvider>,
    );
    expect(set.mock.calls.map((call) => call[1])).toEqual(['USD']);
    await userEvent.click(screen.getByRole('button', { name: 'GBP' }));
    expect(screen.getByText('£79')).toBeInTheDocument();
    expect(set.mock.calls.map((call) => call[1])).toEqual(['USD', 'GBP']);
    expect(readCurrencyCookie()).toBe('GBP');
    await userEvent.click(screen.getByRole('button', { name: 'GBP' }));
    expect(set).toHaveBeenCalledTimes(2);
  });
});

describe('the browser’s time zone', () => {
  const global = globalThis as { Temporal?: unknown };
  afterEach(() => {
    delete global.Temporal;
  });

  it('comes from Temporal where the browser has it, without building an Intl date format', () => {
    const intl = jest.spyOn(Intl, 'DateTimeFormat');
    global.Temporal = { Now: { timeZoneId: () => 'Europe/London' } };
    expect(browserTimeZone()).toBe('Europe/London');
    expect(intl).not.toHaveBeenCalled();
  });

  it('comes from Intl without Temporal', () => {
    inTimeZone('America/New_York');
    expect(browserTimeZone()).toBe('America/New_York');
    global.Temporal = {};
    expect(browserTimeZone()).toBe('America/New_York');
  });

  it('decides the automatic currency: pounds in London by Temporal', () => {
    global.Temporal = { Now: { timeZoneId: () => 'Europe/London' } };
    render(
      <CurrencyProvider>
        <Price />
      </CurrencyProvider>,
    );
    expect(screen.getByText('£79')).toBeTruthy();
  });
});

describe('the currency cookie', () => {
  it('reads only the three codes', () => {
    for (const value of ['EUR', 'gbp', '']) {
      Cookies.set('currency', value, { path: '/' });
      expect(readCurrencyCookie()).toBeNull();
    }
    Cookies.set('currency', 'USD', { path: '/' });
    expect(readCurrencyCookie()).toBe('USD');
  });

  it('writes nothing but a code, and replaces a stray value', () => {
    writeCurrencyCookie('EUR' as CurrencyCode);
    expect(Cookies.get('currency')).toBeUndefined();
    Cookies.set('currency', 'EUR', { path: '/' });
    writeCurrencyCookie('NGN');
    expect(Cookies.get('currency')).toBe('NGN');
  });
});
