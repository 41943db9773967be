import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary, RELOAD_COUNTER_RESET_MS } from '@/components/ui/error-boundary';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/state/storage';

function Broken(): never {
  throw new Error('boom');
}

beforeEach(() => {
  localStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('ErrorBoundary', () => {
  it('reloads by itself up to three times, counting in storage', () => {
    const reload = jest.fn();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { unmount } = render(
        <ErrorBoundary reload={reload}>
          <Broken />
        </ErrorBoundary>,
      );
      expect(reload).toHaveBeenCalledTimes(attempt);
      expect(readStored(STORAGE_KEYS.reloadCount)).toBe(attempt);
      unmount();
    }
  });

  it('shows the fallback after three reloads, with Try again? and Go Home', async () => {
    writeStored(STORAGE_KEYS.reloadCount, 3);
    const reload = jest.fn();
    render(
      <ErrorBoundary reload={reload}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Oops, there is an error!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Try again?' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(readStored(STORAGE_KEYS.reloadCount)).toBeNull();
  });

  it('forgets earlier reloads once a page has stayed up for 3 s', () => {
    jest.useFakeTimers();
    writeStored(STORAGE_KEYS.reloadCount, 2);
    render(
      <ErrorBoundary>
        <p>fine</p>
      </ErrorBoundary>,
    );
    act(() => jest.advanceTimersByTime(RELOAD_COUNTER_RESET_MS - 1));
    expect(readStored(STORAGE_KEYS.reloadCount)).toBe(2);
    act(() => jest.advanceTimersByTime(1));
    expect(readStored(STORAGE_KEYS.reloadCount)).toBeNull();
    jest.useRealTimers();
  });
});
