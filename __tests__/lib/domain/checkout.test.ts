/**
 * Checkout rules (lib/domain/checkout.ts): payment methods per currency, phone numbers (spec
 * section 5), recipient address text, the order status machine, payment status strings, the
 * delivery fee under the seed settings (base, Valentine and festive peaks), the delivery-date
 * rule around the 16:00 cut-off in Lagos, coupons and totals.
 */
import {
  addDays,
  COUPON_HOLD_MINUTES,
  couponDiscount,
  couponRefusal,
  deliveryDateError,
  deliveryFee,
  earliestDeliveryDay,
  holdStands,
  isCalendarDay,
  isPlausiblePhone,
  itemsAfterDiscount,
  joinRecipientAddress,
  methodAllows,
  methodLabel,
  normaliseCountryCode,
  normalisePhone,
  orderTotals,
  PAYMENT_METHODS,
  paymentMethodsFor,
  RESIDENCE_TYPES,
  splitRecipientAddress,
  stripPhone,
  type CouponRules,
  type CouponTerms,
  type FeeQuote,
} from '@/lib/domain/checkout';
import { shopDay } from '@/lib/domain/dates';
import { CURRENCY_CODES } from '@/lib/domain/money';
import { SEED_DELIVERY_SETTINGS } from '@/lib/samples/settings';

describe('payment methods per currency (spec section 9)', () => {
  it.each([
    ['NGN', ['paystack', 'flutterwave', 'monnify', 'gtbTransfer']],
    ['USD', ['paystack', 'payPal', 'leadBankTransfer', 'bitcoinTransfer']],
    ['GBP', ['payPal', 'natwestTransfer']],
  ] as const)('%s offers %j, in that order', (currency, keys) => {
    expect(paymentMethodsFor(currency).map((m) => m.key)).toEqual(keys);
  });

  it('methodAllows agrees with the lists, and refuses unknown methods', () => {
    for (const currency of CURRENCY_CODES) {
      for (const method of PAYMENT_METHODS) {
        expect(methodAllows(method.key, currency)).toBe(paymentMethodsFor(currency).includes(method));
      }
      expect(methodAllows('cash', currency)).toBe(false);
      expect(methodAllows('', currency)).toBe(false);
    }
    expect(methodAllows('payPal', 'NGN')).toBe(false);
    expect(methodAllows('flutterwave', 'USD')).toBe(false);
    expect(methodAllows('paystack', 'GBP')).toBe(false);
    expect(methodAllows('natwestTransfer', 'GBP')).toBe(true);
  });

  it('every method serves at least one currency and has a label and a description', () => {
    for (const method of PAYMENT_METHODS) {
      expect(method.currencies.length).toBeGreaterThan(0);
      expect(method.label).not.toBe('');
      expect(method.description).not.toBe('');
    }
  });
});

describe('phone numbers (spec section 5)', () => {
  it.each([
    ['0803 123 4567', '+234', '+2348031234567'],
    ['08031234567', undefined, '+2348031234567'],
    ['+234 803/123|4567', '+234', '+2348031234567'],
    ['234 803 123 4567', '+234', '+2348031234567'],
    ['2340803 123 4567', '+234', '+2348031234567'],
    ['+2340803-123-4567', '+234', '+2348031234567'],
    ['00234 803 123 4567', '+234', '+2348031234567'],
    ['(0803) 123.4567', '234', '+2348031234567'],
    ['07700 900123', '+44', '+447700900123'],
    ['+44 7700 900123', '+44', '+447700900123'],
    ['0044 7700 900123', '44', '+447700900123'],
    ['+44 7700 900123', '+234', '+447700900123'],
  ])('%j with %s → %s', (typed, code, expected) => {
    expect(normalisePhone(typed, code)).toBe(expected);
  });

  it('adds the country code exactly once, however often it is normalised', () => {
    for (const [typed, code] of [
      ['0803 123 4567', '+234'],
      ['+234 803 123 4567', '+234'],
      ['07700 900123', '+44'],
      ['+1 202 555 0143', '+1'],
    ] as const) {
      const once = normalisePhone(typed, code);
      expect(normalisePhone(once, code)).toBe(once);
      expect(once.match(/\+/g)).toHaveLength(1);
      expect(isPlausiblePhone(once)).toBe(true);
    }
  });

  it('stripPhone removes separators and a leading 234 or 2340', () => {
    expect(stripPhone('+234 803/123|4567')).toBe('8031234567');
    expect(stripPhone('2340803 123 4567')).toBe('8031234567');
    expect(stripPhone('0803-123-4567')).toBe('08031234567');
  });

  it.each([
    ['44', '+44'],
    ['+44', '+44'],
    [' +1 ', '+1'],
    ['', '+234'],
    [undefined, '+234'],
  ])('country code %j → %s', (code, expected) => {
    expect(normaliseCountryCode(code)).toBe(expected);
  });

  it.each([
    ['+2348031234567', true],
    ['+12345678', true],
    ['+123456789012345', true],
    ['+1234567', false],
    ['+1234567890123456', false],
    ['8031234567', false],
    ['+234', false],
    ['+234+447700900123', false],
    ['+234803123456a', false],
    ['', false],
  ])('isPlausiblePhone(%j) → %s', (phone, ok) => {
    expect(isPlausiblePhone(phone)).toBe(ok);
  });
});

describe('recipient address text (spec section 3)', () => {
  it('puts the residence type in brackets before the address, and reads it back', () => {
    expect(joinRecipientAddress('Office', '5 Bourdillon Road, Ikoyi')).toBe('[Office] 5 Bourdillon Road, Ikoyi');
    expect(joinRecipientAddress(undefined, '5 Bourdillon Road')).toBe('5 Bourdillon Road');
    expect(joinRecipientAddress('', '5 Bourdillon Road')).toBe('5 Bourdillon Road');
    expect(splitRecipientAddress('[Office] 5 Bourdillon Road')).toEqual({ residenceType: 'Office', address: '5 Bourdillon Road' });
    expect(splitRecipientAddress('  5 Bourdillon Road ')).toEqual({ residenceType: '', address: '5 Bourdillon Road' });
    expect(splitRecipientAddress(' [ Hotel ]   Eko Hotel,\nVictoria Island')).toEqual({ residenceType: 'Hotel', address: 'Eko Hotel,\nVictoria Island' });
  });

  it('round-trips every residence type', () => {
    for (const type of RESIDENCE_TYPES) {
      expect(splitRecipientAddress(joinRecipientAddress(type, '12 Allen Avenue, Ikeja'))).toEqual({ residenceType: type, address: '12 Allen Avenue, Ikeja' });
    }
  });
});

describe('deliveryFee with the seed settings', () => {
  const quote = (input: Partial<Parameters<typeof deliveryFee>[1]>): FeeQuote =>
    deliveryFee(SEED_DELIVERY_SETTINGS, { method: 'delivery', state: 'lagos', zone: 'lagos-central', day: '2027-03-02', subtotal: 45_000, ...input });
  const fee = (input: Partial<Parameters<typeof deliveryFee>[1]>) => {
    const q = quote(input);
    if (!q.ok) throw new Error(q.message);
    return q.fee;
  };

  it('pick-up costs nothing, whatever the state, zone or day', () => {
    expect(quote({ method: 'pick-up', state: undefined, zone: undefined })).toMatchObject({ ok: true, fee: 0, quotedByStaff: false });
    expect(quote({ method: 'pick-up', day: '2027-02-14', subtotal: 1_000 })).toMatchObject({ ok: true, fee: 0 });
  });

  it.each([
    ['lagos', 'lagos-central', 4_500],
    ['lagos', 'lagos-outer', 10_000],
    ['lagos', 'lagos-unsure', 10_000],
    ['abuja', 'abuja-central', 3_500],
    ['abuja', 'abuja-outer', 6_000],
  ])('%s %s costs ₦%i on an ordinary day', (state, zone, amount) => {
    expect(quote({ state, zone })).toMatchObject({ ok: true, fee: amount, free: false, quotedByStaff: false });
    expect(fee({ state, zone, day: null })).toBe(amount);
  });

  it('central zones are free from ₦100,000; outer zones never are', () => {
    expect(fee({ subtotal: 99_999 })).toBe(4_500);
    expect(quote({ subtotal: 100_000 })).toMatchObject({ ok: true, fee: 0, free: true });
    expect(fee({ state: 'abuja', zone: 'abuja-central', subtotal: 250_000 })).toBe(0);
    expect(quote({ zone: 'lagos-outer', subtotal: 100_000 })).toMatchObject({ ok: true, fee: 10_000, free: false });
    expect(fee({ state: 'abuja', zone: 'abuja-outer', subtotal: 1_000_000 })).toBe(6_000);
  });

  it('other locations are quoted by staff (no fee in the total)', () => {
    expect(quote({ state: 'other-locations', zone: undefined })).toMatchObject({ ok: true, fee: 0, free: false, quotedByStaff: true });
  });

  it('names the field and the choices for an unknown state or zone', () => {
    expect(quote({ state: 'kano' })).toEqual({ ok: false, field: 'state', message: 'state must be one of lagos, abuja, other-locations' });
    expect(quote({ state: undefined })).toMatchObject({ ok: false, field: 'state' });
    expect(quote({ zone: 'abuja-central' })).toEqual({ ok: false, field: 'zone', message: 'zone must be one of lagos-central, lagos-outer, lagos-unsure' });
    expect(quote({ zone: undefined })).toMatchObject({ ok: false, field: 'zone' });
  });

  it("Valentine's (13-15 February): peak fees, a ₦30,000 minimum and a ₦150,000 free threshold", () => {
    for (const day of ['2027-02-13', '2027-02-14', '2027-02-15']) {
      expect(quote({ day })).toMatchObject({ ok: true, fee: 20_000, config: { name: 'Valentine peak' } });
    }
    expect(fee({ day: '2027-02-12' })).toBe(4_500);
    expect(fee({ day: '2027-02-16' })).toBe(4_500);
    expect(fee({ day: '2027-02-14', zone: 'lagos-outer' })).toBe(30_000);
    expect(quote({ day: '2027-02-14', subtotal: 29_999 })).toEqual({ ok: false, field: 'subtotal', message: 'The smallest order we can deliver on that day is ₦30,000' });
    expect(fee({ day: '2027-02-14', subtotal: 30_000 })).toBe(20_000);
    // ₦100,000 is free on an ordinary day but not at the peak.
    expect(fee({ day: '2027-02-14', subtotal: 100_000 })).toBe(20_000);
    expect(quote({ day: '2027-02-14', subtotal: 150_000 })).toMatchObject({ ok: true, fee: 0, free: true });
  });

  it('judges free delivery on the items after the coupon discount, on ordinary and peak days alike', () => {
    expect(itemsAfterDiscount(105_000, 10_500)).toBe(94_500);
    expect(itemsAfterDiscount(10_000, 50_000)).toBe(0);
    expect(itemsAfterDiscount(10_000, -5)).toBe(10_000);
    // ₦105,000 of items with ₦10,500 off: the shopper pays ₦94,500 for them, below ₦100,000.
    expect(quote({ subtotal: 105_000, discount: 10_500 })).toMatchObject({ ok: true, fee: 4_500, free: false });
    expect(quote({ subtotal: 110_000, discount: 10_000 })).toMatchObject({ ok: true, fee: 0, free: true });
    expect(fee({ subtotal: 100_000, discount: 0 })).toBe(0);
    expect(fee({ subtotal: 100_000, discount: 1 })).toBe(4_500);
    // A peak day's own threshold follows the same rule.
    expect(fee({ day: '2027-02-14', subtotal: 160_000, discount: 16_000 })).toBe(20_000);
    expect(fee({ day: '2027-02-14', subtotal: 170_000, discount: 20_000 })).toBe(0);
    // The day's smallest order is still the subtotal.
    expect(quote({ day: '2027-02-14', subtotal: 30_000, discount: 5_000 })).toMatchObject({ ok: true, fee: 20_000 });
  });

  it('Christmas and New Year use the festive fees', () => {
    expect(quote({ day: '2027-12-25' })).toMatchObject({ ok: true, fee: 10_000, config: { name: 'Festive peak' } });
    expect(fee({ day: '2027-12-26', zone: 'lagos-outer' })).toBe(20_000);
    expect(fee({ day: '2028-01-01', state: 'abuja', zone: 'abuja-outer' })).toBe(15_000);
    expect(fee({ day: '2027-12-24' })).toBe(4_500);
    // No minimum at the festive peak; ₦100,000 is not free there (threshold ₦150,000).
    expect(fee({ day: '2027-12-25', subtotal: 1_000 })).toBe(10_000);
    expect(fee({ day: '2027-12-25', subtotal: 100_000 })).toBe(10_000);
  });
});

describe('the delivery day', () => {
  const at = (iso: string) => new Date(iso);
  const earliest = (iso: string) => earliestDeliveryDay(at(iso), SEED_DELIVERY_SETTINGS.sameDayCutoffHour, shopDay(at(iso)));

  it('is today in Lagos before 16:00 and tomorrow from 16:00 (Lagos is UTC+1)', () => {
    expect(earliest('2027-03-02T14:59:59Z')).toBe('2027-03-02'); // 15:59
    expect(earliest('2027-03-02T15:00:00Z')).toBe('2027-03-03'); // 16:00
    expect(earliest('2027-03-02T22:59:00Z')).toBe('2027-03-03'); // 23:59
    expect(earliest('2027-03-01T23:30:00Z')).toBe('2027-03-02'); // 00:30 the next day in Lagos
    expect(earliest('2027-02-28T15:30:00Z')).toBe('2027-03-01');
    expect(earliest('2027-12-31T16:00:00Z')).toBe('2028-01-01');
  });

  it('counts calendar days', () => {
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
  });

  it.each([
    ['2027-02-30', 'deliveryDate must be a day written YYYY-MM-DD'],
    ['2027-13-01', 'deliveryDate must be a day written YYYY-MM-DD'],
    ['2027-3-2', 'deliveryDate must be a day written YYYY-MM-DD'],
    ['', 'deliveryDate must be a day written YYYY-MM-DD'],
    ['2027-03-01', 'deliveryDate must not be in the past'],
    ['2026-12-31', 'deliveryDate must not be in the past'],
  ])('%j → %s', (day, message) => {
    expect(deliveryDateError(day, '2027-03-02', '2027-03-02')).toBe(message);
  });

  it('today before the cut-off is fine; after it, today is refused with the reason', () => {
    expect(deliveryDateError('2027-03-02', '2027-03-02', '2027-03-02')).toBeNull();
    expect(deliveryDateError('2027-03-02', '2027-03-02', '2027-03-03')).toBe('deliveryDate: same-day delivery has closed for today; please choose tomorrow or later');
    expect(deliveryDateError('2027-03-03', '2027-03-02', '2027-03-03')).toBeNull();
  });

  it('allows up to a year ahead', () => {
    expect(deliveryDateError('2028-03-02', '2027-03-02', '2027-03-02')).toBeNull();
    expect(deliveryDateError('2028-03-03', '2027-03-02', '2027-03-02')).toBe('deliveryDate must be within a year from today');
    expect(deliveryDateError('2030-01-01', '2027-03-02', '2027-03-02')).toBe('deliveryDate must be within a year from today');
  });
});

describe('coupons and totals', () => {
  const coupon = (terms: Partial<CouponTerms>): CouponTerms => ({ code: 'ROSES', kind: 'percent', amount: 10, minAmount: 0, ...terms });

  it('a percentage rounds down to whole naira', () => {
    expect(couponDiscount(coupon({ amount: 10 }), 45_000)).toBe(4_500);
    expect(couponDiscount(coupon({ amount: 15 }), 33_333)).toBe(4_999); // 4,999.95
    expect(couponDiscount(coupon({ amount: 100 }), 33_333)).toBe(33_333);
    expect(couponDiscount(coupon({ amount: 150 }), 20_000)).toBe(20_000);
  });

  it('a fixed amount is capped at the subtotal', () => {
    expect(couponDiscount(coupon({ kind: 'fixed', amount: 5_000 }), 45_000)).toBe(5_000);
    expect(couponDiscount(coupon({ kind: 'fixed', amount: 50_000 }), 45_000)).toBe(45_000);
    expect(couponDiscount(coupon({ kind: 'fixed', amount: 5_000 }), 0)).toBe(0);
  });

  it('gives nothing below its minimum, and applies from it', () => {
    expect(couponDiscount(coupon({ minAmount: 50_000 }), 49_999)).toBe(0);
    expect(couponDiscount(coupon({ minAmount: 50_000 }), 50_000)).toBe(5_000);
    expect(couponDiscount(coupon({ kind: 'fixed', amount: 10_000, minAmount: 50_000 }), 49_999)).toBe(0);
  });

  it('totals: subtotal − discount + delivery fee; the fee is never discounted', () => {
    expect(orderTotals(45_000, 4_500, 4_500)).toEqual({ subtotal: 45_000, deliveryFee: 4_500, discount: 4_500, total: 45_000 });
    expect(orderTotals(10_000, 4_500, 20_000)).toEqual({ subtotal: 10_000, deliveryFee: 4_500, discount: 10_000, total: 4_500 });
    expect(orderTotals(10_000, 0, -500)).toEqual({ subtotal: 10_000, deliveryFee: 0, discount: 0, total: 10_000 });
  });

  describe('couponRefusal: the rules for applying a coupon and for keeping it', () => {
    const at = new Date('2027-03-02T10:00:00Z');
    const rules = (over: Partial<CouponRules> = {}): CouponRules => ({ ...coupon({}), active: true, startsAt: null, endsAt: null, usageLimit: null, ...over });
    const items = { subtotal: 45_000, itemCount: 2 };

    it('accepts a coupon within its terms', () => {
      expect(couponRefusal(rules({ startsAt: new Date('2027-03-01T00:00:00Z'), endsAt: new Date('2027-03-03T00:00:00Z'), usageLimit: 2, minAmount: 45_000 }), items, 1, at)).toBeNull();
    });

    it.each([
      ['inactive', rules({ active: false }), items, 0, 'This coupon is no longer available', 'this coupon is no longer available'],
      ['notStarted', rules({ startsAt: new Date('2027-03-05T00:00:00Z') }), items, 0, 'This coupon can be used from 5 March 2027', 'this coupon can only be used from 5 March 2027'],
      // endsAt is the first instant it no longer applies (midnight in Lagos): the day before is named.
      ['expired', rules({ endsAt: new Date('2027-03-01T23:00:00Z') }), items, 0, 'This coupon expired on 1 March 2027', 'this coupon expired on 1 March 2027'],
      ['emptyOrder', rules(), { subtotal: 0, itemCount: 0 }, 0, 'Add something to your order before applying a coupon', 'the order has no items'],
      ['minimum', rules({ minAmount: 50_000 }), items, 0, 'This coupon needs an order of at least ₦50,000', 'the order no longer meets its minimum of ₦50,000'],
      ['usedUp', rules({ usageLimit: 1 }), items, 1, 'This coupon has already been used', `this coupon has been used up (an unpaid order keeps a coupon for ${COUPON_HOLD_MINUTES} minutes)`],
    ] as const)('%s: refused, with the message and the removal reason', (reason, terms, order, uses, message, removal) => {
      expect(couponRefusal(terms, order, uses, at)).toEqual({ reason, message, removal });
    });

    it('ends exactly at endsAt and counts only the uses it is given', () => {
      expect(couponRefusal(rules({ endsAt: at }), items, 0, at)?.reason).toBe('expired');
      expect(couponRefusal(rules({ endsAt: new Date(at.getTime() + 1) }), items, 0, at)).toBeNull();
      expect(couponRefusal(rules({ usageLimit: 3 }), items, 2, at)).toBeNull();
      expect(couponRefusal(rules({ usageLimit: 3 }), items, 3, at)?.reason).toBe('usedUp');
    });
  });

  it(`an unpaid order's hold lasts ${COUPON_HOLD_MINUTES} minutes`, () => {
    expect(COUPON_HOLD_MINUTES).toBe(30);
    const taken = new Date('2027-03-02T10:00:00Z');
    expect(holdStands(taken, taken)).toBe(true);
    expect(holdStands(taken, new Date('2027-03-02T10:29:59.999Z'))).toBe(true);
    expect(holdStands(taken, new Date('2027-03-02T10:30:00Z'))).toBe(false);
  });

  it('are never negative and never discount more than the subtotal', () => {
    for (const subtotal of [0, 1, 999, 45_000, 1_000_000]) {
      for (const deliveryFeeAmount of [0, 4_500, 30_000]) {
        for (const discount of [0, 1, 45_000, 2_000_000]) {
          const totals = orderTotals(subtotal, deliveryFeeAmount, discount);
          expect(totals.total).toBeGreaterThanOrEqual(0);
          expect(totals.discount).toBeLessThanOrEqual(subtotal);
          expect(totals.total).toBeGreaterThanOrEqual(deliveryFeeAmount);
          expect(totals.total).toBe(subtotal - totals.discount + deliveryFeeAmount);
        }
      }
    }
  });
});

describe('method labels', () => {
  it('names a method by its key, and an unknown key by itself', () => {
    expect(methodLabel('payPal')).toBe('PayPal');
    expect(methodLabel('cash')).toBe('cash');
  });

});
