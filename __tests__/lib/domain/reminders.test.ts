import { firstReminderDay, nextOccasionDay, occasionOf, reminderDue, reminderEmailDays, reminderPhrase, reminderTitle } from '@/lib/domain/reminders';

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

describe('reminderEmailDays', () => {
  it.each([
    ['2027-06-01', ['2027-11-27', '2027-12-03']],
    ['2027-11-26', ['2027-11-27', '2027-12-03']],
    ['2027-11-27', ['2027-11-27', '2027-12-03']],
    // Inside the week: the week's e-mail is made up today.
    ['2027-12-01', ['2027-12-01', '2027-12-03']],
    ['2027-12-02', ['2027-12-02', '2027-12-03']],
    ['2027-12-03', ['2027-12-03']],
  ])('for 4 December 2027, asked on %s: %j', (today, days) => expect(reminderEmailDays('2027-12-04', today)).toEqual(days));

  it('agrees with reminderDue: each day it names, that e-mail is due', () => {
    for (const today of ['2027-06-01', '2027-11-30', '2027-12-02', '2027-12-03']) {
      const days = reminderEmailDays('2027-12-04', today);
      const sent = { week: null as string | null, day: null as string | null };
      for (const day of days) {
        const due = reminderDue('2027-12-04', day, sent);
        expect(due).not.toBeNull();
        sent[due!] = '2027-12-04';
      }
      expect(sent.day).toBe('2027-12-04');
    }
  });
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

describe('reminderTitle', () => {
  it.each([
    ['Birthday', 'Amaka', "Amaka's Birthday"],
    ['Anniversary', 'Tunde Bello', "Tunde Bello's Anniversary"],
    ["Mother's Day", 'Ngozi', "Mother's Day for Ngozi"],
    ["Valentine's", 'Tunde', "Valentine's for Tunde"],
    ['Christmas', 'Amaka', 'Christmas for Amaka'],
    ['Occasion', 'Amaka', "Amaka's occasion"],
    ['Birthday', '', 'Birthday'],
    ['Occasion', '', 'Your occasion'],
  ])('%s of %j reads %j', (occasion, recipient, title) => expect(reminderTitle(occasion, recipient)).toBe(title));
});

describe('reminderPhrase', () => {
  it.each([
    ["Mother's Day", 'Ngozi', "Mother's Day for Ngozi"],
    ['Birthday', 'Amaka', "Amaka's Birthday"],
    ['Occasion', 'Amaka', "Amaka's occasion"],
    ['Occasion', '', 'this occasion'],
  ])('%s of %j reads %j in a sentence', (occasion, recipient, phrase) => expect(reminderPhrase(occasion, recipient)).toBe(phrase));
});
