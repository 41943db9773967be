/**
 * The checkout's use of the shared date picker (components/cart/date-picker.tsx): with a branch,
 * that branch's fully booked days are disabled with the reason, the other branch's are not; days
 * before the first bookable one stay disabled; a calendar that cannot be had leaves days open
 * (the checkout's 409 still refuses a full one).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { DatePicker } from '@/components/cart/date-picker';
import { listenToMsw, server } from '../../helpers/msw';
import { renderWithShell } from '../../helpers/render';

listenToMsw();

// The calendar opens on the clock's month: 2 March 2030 (only Date is faked; msw needs real timers).
const REAL_TIMERS = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
  'queueMicrotask',
  'nextTick',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'performance',
  'hrtime',
] as const;
beforeEach(() => jest.useFakeTimers({ now: new Date('2030-03-02T10:00:00Z'), doNotFake: [...REAL_TIMERS] }));
afterEach(() => jest.useRealTimers());

const calendar = { today: '2030-03-02', until: '2030-05-02', full: { lagos: ['2030-03-05'], abuja: ['2030-03-06'] } };

/** Answers the calendar call (or fails it with `status`); resolves once the picker has asked. */
function answer(status = 200): Promise<void> {
  return new Promise((asked) => {
    server.use(
      http.get('*/v1/delivery/calendar', () => {
        asked();
        return status === 200 ? HttpResponse.json({ data: calendar, error: false, message: 'OK' }) : HttpResponse.json({ data: null, error: true, message: 'Down', status }, { status });
      }),
    );
  });
}

describe('DatePicker with a branch (the checkout)', () => {
  it("disables the branch's fully booked days with the reason, and days before the first bookable one", async () => {
    void answer();
    const chosen = jest.fn();
    renderWithShell(<DatePicker today="2030-03-03" branch="abuja" onSelect={chosen} />);
    const full = await screen.findByRole('button', { name: /March 6th, 2030, fully booked$/ });
    expect(full).toBeDisabled();
    expect(full).toHaveTextContent('6Full');
    expect(screen.getByRole('button', { name: /March 5th, 2030$/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /March 2nd, 2030$/ })).toBeDisabled();
    expect(screen.getByText('Days marked Full are fully booked; choose another day.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /March 5th, 2030$/ }));
    expect(chosen).toHaveBeenCalledWith('2030-03-05');
  });

  it('Lagos sees its own full day', async () => {
    void answer();
    renderWithShell(<DatePicker today="2030-03-03" branch="lagos" onSelect={() => undefined} />);
    expect(await screen.findByRole('button', { name: /March 5th, 2030, fully booked$/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /March 6th, 2030$/ })).toBeEnabled();
  });

  it('without the calendar (the call failed) every day from the first bookable one stays open', async () => {
    const asked = answer(503);
    renderWithShell(<DatePicker today="2030-03-03" branch="lagos" onSelect={() => undefined} />);
    await asked;
    await new Promise((settle) => setTimeout(settle, 50));
    expect(await screen.findByRole('button', { name: /March 5th, 2030$/ })).toBeEnabled();
    expect(screen.queryByText(/Days marked Full/)).not.toBeInTheDocument();
  });
});
