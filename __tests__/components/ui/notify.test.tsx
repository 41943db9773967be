import { act, render, screen } from '@testing-library/react';
import { Toasts } from '@/components/ui/toasts';
import { notify, onToast, TOAST_DURATION_MS, TOAST_SWAP_DELAY_MS } from '@/lib/ui/notify';

describe('notify', () => {
  afterEach(() => onToast(null));

  it('hides the current toast at once and shows the new one 300 ms later', () => {
    jest.useFakeTimers();
    const seen: unknown[] = [];
    onToast((t) => seen.push(t && { kind: t.kind, content: t.content, autoClose: t.autoClose }));
    notify('success', 'Item Added To Cart');
    expect(seen).toEqual([null]);
    act(() => jest.advanceTimersByTime(TOAST_SWAP_DELAY_MS - 1));
    expect(seen).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    expect(seen[1]).toEqual({ kind: 'success', content: 'Item Added To Cart', autoClose: 3000 });
    jest.useRealTimers();
  });

  it('uses the spec durations', () => {
    expect(TOAST_DURATION_MS).toEqual({ success: 3000, info: 9000, error: 5000 });
  });

  it('a newer toast replaces one still waiting', () => {
    jest.useFakeTimers();
    const shown: string[] = [];
    onToast((t) => t && shown.push(String(t.content)));
    notify('info', 'first');
    notify('error', 'second');
    act(() => jest.advanceTimersByTime(TOAST_SWAP_DELAY_MS));
    expect(shown).toEqual(['second']);
    jest.useRealTimers();
  });

  it('shows the toast text on the page through the host', async () => {
    render(<Toasts />);
    act(() => notify('error', 'Unable to fetch featured products: offline'));
    expect(await screen.findByText('Unable to fetch featured products: offline', undefined, { timeout: 3000 })).toBeInTheDocument();
  });
});
