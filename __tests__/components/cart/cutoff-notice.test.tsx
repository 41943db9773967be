/**
 * The same-day cut-off notice of the product page and the cart (components/cart/cutoff-notice.tsx)
 * with jest's clock: empty in the server's HTML, the text after hydration, changing on the minute,
 * and 'Earliest delivery: tomorrow' from the cut-off hour (16:00 in Lagos in the shell).
 */
import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { CutoffNotice } from '@/components/cart/cutoff-notice';
import { ShellProvider } from '@/lib/state/shell-context';
import { renderWithShell, SHELL } from '../../helpers/render';

beforeEach(() => jest.useFakeTimers({ now: new Date('2027-03-02T12:46:00Z') })); // 13:46 in Lagos
afterEach(() => jest.useRealTimers());

describe('CutoffNotice', () => {
  it('is an empty line in the server-rendered HTML (the page cache keeps it; a time there would be stale)', () => {
    const html = renderToString(
      <ShellProvider value={SHELL}>
        <CutoffNotice />
      </ShellProvider>,
    );
    expect(html).not.toMatch(/Order in|Earliest/);
    expect(html).toMatch(/^<p class="[^"]*"><\/p>$/);
  });

  it('counts down in Lagos time once a minute, then says tomorrow from the cut-off', () => {
    renderWithShell(<CutoffNotice />);
    expect(screen.getByText('Order in 2 h 14 min for delivery today')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Order in 2 h 13 min for delivery today')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(132 * 60_000)); // 15:59
    expect(screen.getByText('Order in 1 min for delivery today')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(60_000)); // 16:00
    expect(screen.getByText('Earliest delivery: tomorrow')).toBeInTheDocument();
  });

  it('follows the cut-off hour the shell carries', () => {
    renderWithShell(<CutoffNotice />, { shell: { ...SHELL, sameDayCutoffHour: 13 } });
    expect(screen.getByText('Earliest delivery: tomorrow')).toBeInTheDocument();
  });
});
