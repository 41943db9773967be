import { formatCartDate, formatLongDay, shopDay } from '@/lib/domain/dates';

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
