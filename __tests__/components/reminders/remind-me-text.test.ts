/**
 * What 'Remind me next year' says once set: the days the e-mails go, as the job sends them
 * (`reminderEmailDays`), so a reminder whose week has already begun says today, not a past day.
 */
import { REMIND_TEXT } from '@/components/reminders/remind-me';

it('names the week before and the day before', () => {
  expect(REMIND_TEXT.done("Amaka's Birthday", '2027-12-04', '2027-06-01')).toBe("Reminder set: we will e-mail you on 27 Nov 2027 and 3 Dec 2027, before Amaka's Birthday on 4 Dec 2027.");
});

it('says today for the week’s e-mail when the week has begun', () => {
  expect(REMIND_TEXT.done("Amaka's Birthday", '2027-12-04', '2027-12-01')).toBe("Reminder set: we will e-mail you on 1 Dec 2027 and 3 Dec 2027, before Amaka's Birthday on 4 Dec 2027.");
});
