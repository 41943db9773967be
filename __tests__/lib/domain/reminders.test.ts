import { firstReminderDay, nextOccasionDay, occasionOf, reminderDue } from '@/lib/domain/reminders';

describe('nextOccasionDay', () => {
  it.each([
    ['2026-12-04', '2026-11-20', '2026-12-04'],
    ['2026-12-04', '2026-12-04', '2027-12-04'],
    ['2025-12-04', '2026-12-05', '2027-12-04'],
    ['2024-02-29', '2026-03-01', '2027-02-28'],
    ['2024-02-29', '2027-03-01', '2028-02-29'],
    ['2026-01-01', '2026-12-31', '2027-01-01'],
  ])('%s after %s is %s', (day, today, next) => expect(nextOccasionDay(day, today)).toBe(next));
});

describe('firstReminderDay', () => {
  it.each([
    ['2026-11-29', '2026-11-27', '2027-11-29'],
    ['2026-11-27', '2026-11-27', '2027-11-27'],
    ['2026-01-10', '2026-11-27', '2027-01-10'],
    ['2026-12-10', '2026-11-27', '2027-12-10'],
  ])('an order for %s remembered on %s starts at %s', (day, today, first) => expect(firstReminderDay(day, today)).toBe(first));
});

describe('reminderDue', () => {
  const none = { week: null, day: null };
  it.each([
    ['2027-11-26', null],
    ['2027-11-27', 'week'],
    ['2027-12-01', 'week'],
    ['2027-12-02', 'week'],
    ['2027-12-03', 'day'],
    ['2027-12-04', null],
  ])('for 4 December 2027, on %s: %s', (today, due) => expect(reminderDue('2027-12-04', today, none)).toBe(due));

  it('sends each once per occasion, and again the next year', () => {
    expect(reminderDue('2027-12-04', '2027-11-28', { week: '2027-12-04', day: null })).toBeNull();
    expect(reminderDue('2027-12-04', '2027-12-03', { week: '2027-12-04', day: '2027-12-04' })).toBeNull();
    expect(reminderDue('2028-12-04', '2028-11-27', { week: '2027-12-04', day: '2027-12-04' })).toBe('week');
  });
});

it('names the occasion of a purpose', () => {
  expect(occasionOf("Mother's Day")).toBe("Mother's Day");
  expect(occasionOf('Other')).toBe('Occasion');
  expect(occasionOf('')).toBe('Occasion');
});
