import { cutoffState } from '@/lib/domain/cutoff';
import { formatCartDate, shopDay } from '@/lib/domain/dates';
import { formatLongDay } from '@/lib/domain/long-day';

describe('shopDay', () => {
  it.each([
    ['2027-02-13T22:59:00Z', '2027-02-13'],
    ['2027-02-13T23:00:00Z', '2027-02-14'],
  ])('%s is %s in Lagos', (at, day) => expect(shopDay(new Date(at))).toBe(day));
});

describe('formatCartDate', () => {
  it.each([
    ['2027-02-04', '4 Feb 2027'],
    ['2027-12-31', '31 Dec 2027'],
  ])('%s reads %s', (day, text) => expect(formatCartDate(day)).toBe(text));
});

describe('formatLongDay', () => {
  it.each([
    ['2027-12-04', 'Saturday 4 December 2027'],
    ['2028-02-29', 'Tuesday 29 February 2028'],
    ['2027-01-01', 'Friday 1 January 2027'],
  ])('%s reads %s', (day, text) => expect(formatLongDay(day)).toBe(text));

  it('gives back what is not a day', () => expect(formatLongDay('soon')).toBe('soon'));
});

describe('the Lagos clock without time-zone data', () => {
  const intlDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' });
  const intlClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

  it("agrees with Intl's Africa/Lagos on the day and the time, every 37 minutes over two years, and around midnight", () => {
    const wrong: string[] = [];
    const instants: number[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 37 * 60_000) instants.push(t);
    for (const midnight of [Date.UTC(2026, 11, 31, 23), Date.UTC(2027, 1, 28, 23), Date.UTC(2028, 1, 28, 23)]) instants.push(midnight - 1000, midnight, midnight + 1000);
    for (const t of instants) {
      const at = new Date(t);
      if (shopDay(at) !== intlDay.format(at)) wrong.push(`${at.toISOString()}: ${shopDay(at)}, not ${intlDay.format(at)}`);
      const parts = intlClock.formatToParts(at);
      const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      const seconds = part('hour') * 3600 + part('minute') * 60 + part('second');
      // A cut-off at midnight: the minutes left are the minutes to the end of Lagos's day.
      const minutesLeft = Math.ceil((24 * 3600 - seconds) / 60);
      const state = cutoffState(at, 24);
      if (!state.sameDay || state.minutesLeft !== minutesLeft) wrong.push(`${at.toISOString()}: ${JSON.stringify(state)}, not ${minutesLeft} minutes left`);
    }
    expect(wrong).toEqual([]);
  });
});
