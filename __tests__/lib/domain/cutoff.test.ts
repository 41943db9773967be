/**
 * The same-day cut-off as shoppers read it (lib/domain/cutoff.ts), with a frozen clock: Lagos is
 * UTC+1 all year, so 12:46Z is 13:46 in Lagos.
 */
import { cutoffState, cutoffText, earliestDay, msToNextMinute } from '@/lib/domain/cutoff';
import { earliestDeliveryDay } from '@/lib/domain/checkout';
import { shopDay } from '@/lib/domain/dates';

const at = (iso: string) => new Date(iso);

describe('cutoffText', () => {
  it.each([
    ['2027-03-02T12:46:00Z', 16, 'Order in 2 h 14 min for delivery today'],
    ['2027-03-02T12:46:30Z', 16, 'Order in 2 h 14 min for delivery today'],
    ['2027-03-02T13:00:00Z', 16, 'Order in 2 h for delivery today'],
    ['2027-03-02T14:15:00Z', 16, 'Order in 45 min for delivery today'],
    ['2027-03-02T14:59:59Z', 16, 'Order in 1 min for delivery today'],
    ['2027-03-02T15:00:00Z', 16, 'Earliest delivery: tomorrow'],
    ['2027-03-02T22:30:00Z', 16, 'Earliest delivery: tomorrow'],
    // 00:10 in Lagos on the 3rd: a new day, today again.
    ['2027-03-02T23:10:00Z', 16, 'Order in 15 h 50 min for delivery today'],
    ['2027-03-02T06:00:00Z', 0, 'Earliest delivery: tomorrow'],
  ])('%s with cut-off %i: %s', (iso, hour, text) => {
    expect(cutoffText(at(iso), hour)).toBe(text);
  });
});

describe('earliestDay', () => {
  it('agrees with the server rule (earliestDeliveryDay) through a whole day, minute by minute', () => {
    const start = at('2027-03-01T23:00:00Z').getTime(); // midnight in Lagos
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const instant = new Date(start + minute * 60_000);
      expect(earliestDay(instant, 16)).toBe(earliestDeliveryDay(instant, 16, shopDay(instant)));
      expect(cutoffState(instant, 16).sameDay).toBe(earliestDay(instant, 16) === shopDay(instant));
    }
  });
  it('after the cut-off on the last day of a month, tomorrow is the next month', () => {
    expect(earliestDay(at('2027-02-28T16:00:00Z'), 16)).toBe('2027-03-01');
  });
});

describe('msToNextMinute', () => {
  it('is the time until the next whole minute (when the text can change)', () => {
    expect(msToNextMinute(at('2027-03-02T12:46:00.000Z'))).toBe(60_000);
    expect(msToNextMinute(at('2027-03-02T12:46:59.250Z'))).toBe(750);
  });
});
