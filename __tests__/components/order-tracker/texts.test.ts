/** The tracker's small rules: day and time formats, the order number as typed, error messages. */
import { TRACKER_PAGE_TEXTS } from '@/lib/content/tracker-texts';
import { cleanOrderNumber, formatDay, lagosTime, lookupErrorMessage, paymentLabel } from '@/components/order-tracker/texts';
import { ApiError } from '@/lib/api/client';

describe('formatDay', () => {
  it("writes days as 'D MMM YYYY', the cart's format", () => {
    expect(formatDay('2027-09-05')).toBe('5 Sep 2027');
    expect(formatDay('2027-12-31')).toBe('31 Dec 2027');
  });
});

describe('lagosTime', () => {
  it('is the day and 24-hour time in Lagos (UTC+1)', () => {
    expect(lagosTime('2027-02-14T08:05:00Z')).toBe('14 Feb 2027, 09:05');
    expect(lagosTime('2027-12-31T23:30:00Z')).toBe('1 Jan 2028, 00:30');
    expect(lagosTime('not a time')).toBe('');
  });
});

describe('cleanOrderNumber', () => {
  it.each([
    ['RF-100234', 'RF-100234'],
    [' rf-100234 ', 'RF-100234'],
    ['rf 100234', 'RF-100234'],
    ['RF100234', 'RF-100234'],
    ['100234', 'RF-100234'],
    ['abc-1', 'ABC-1'],
    ['', ''],
  ])('%j → %j', (typed, number) => {
    expect(cleanOrderNumber(typed)).toBe(number);
  });
});

describe('lookupErrorMessage', () => {
  it.each([
    [new ApiError(404, 'Order not found'), TRACKER_PAGE_TEXTS.notFound],
    [new ApiError(400, 'number must be an order number'), TRACKER_PAGE_TEXTS.notFound],
    [new ApiError(429, 'Too many attempts. Please wait 1 minute and try again.'), 'Too many attempts. Please wait 1 minute and try again.'],
    [new ApiError(429, ''), TRACKER_PAGE_TEXTS.unavailable],
    [new ApiError(503, 'Service unavailable'), TRACKER_PAGE_TEXTS.unavailable],
    [new Error('boom'), TRACKER_PAGE_TEXTS.unavailable],
    [undefined, TRACKER_PAGE_TEXTS.unavailable],
  ])('%s → %j', (error, message) => {
    expect(lookupErrorMessage(error, TRACKER_PAGE_TEXTS)).toBe(message);
  });
});

describe('paymentLabel', () => {
  it.each([
    ['PAID - GO AHEAD (Paystack)', 'Paid'],
    ['not paid', 'Awaiting payment'],
    ['', 'Awaiting payment'],
    ['awaiting confirmation', 'Payment being confirmed'],
    ['PART PAID - BALANCE DUE', 'Part paid: the rest is still due'],
    // Never 'Paid' for part of the money, however it is written.
    ['part paid', 'Part paid: the rest is still due'],
    // A wording the tracker does not know reads as it is.
    ['on hold', 'On hold'],
  ])('%j → %j', (status, label) => {
    expect(paymentLabel(status)).toBe(label);
  });
});
