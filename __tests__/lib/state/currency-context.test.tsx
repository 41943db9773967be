import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTO_SWITCH_NOTICE_DELAY_MS, CurrencyProvider, resetCurrencyChoice, useCurrency } from '@/lib/state/currency-context';
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
