import { convertFromNaira, currencyForTimeZone, DEFAULT_CURRENCIES, fillAmounts, formatPrice } from '@/lib/domain/money';

const [NGN, USD, GBP] = DEFAULT_CURRENCIES as [typeof DEFAULT_CURRENCIES[0], typeof DEFAULT_CURRENCIES[0], typeof DEFAULT_CURRENCIES[0]];

describe('convertFromNaira', () => {
  it.each([
    [45000, 1, 45000],
    [45000, 700, 65], // 64.28 rounds up
    [70000, 700, 100],
    [1, 890, 1],
    [0, 700, 0],
    [330000, 890, 371],
  ])('%i naira at rate %i is %i', (naira, rate, expected) => {
    expect(convertFromNaira(naira, rate)).toBe(expected);
  });

  it('never undercharges: converting back covers the naira price', () => {
    for (let naira = 0; naira < 200000; naira += 997) {
      for (const rate of [700, 890, 1234]) expect(convertFromNaira(naira, rate) * rate).toBeGreaterThanOrEqual(naira);
    }
  });

  it('refuses a zero or negative rate', () => {
    expect(() => convertFromNaira(100, 0)).toThrow(RangeError);
    expect(() => convertFromNaira(100, -1)).toThrow(RangeError);
  });
});

describe('formatPrice', () => {
  it('shows the sign and thousands separators', () => {
    expect(formatPrice(1234567, NGN)).toBe('₦1,234,567');
    expect(formatPrice(100000, USD)).toBe('$143');
    expect(formatPrice(1500000, GBP)).toBe('£1,686');
  });
});

describe('currencyForTimeZone', () => {
  it.each([
    ['Europe/London', 'GBP'],
    ['Europe/Belfast', 'GBP'],
    ['GB', 'GBP'],
    ['GB-Eire', 'GBP'],
    ['Africa/Lagos', 'NGN'],
    ['America/New_York', 'USD'],
    ['Africa/Accra', 'USD'],
    ['Europe/Londonderry', 'USD'],
    [undefined, 'USD'],
  ])('%s → %s', (zone, code) => {
    expect(currencyForTimeZone(zone)).toBe(code);
  });
});

describe('fillAmounts', () => {
  it('converts every placeholder to the currency', () => {
    expect(fillAmounts('Free delivery above {{100000}} · peak {{ 150000 }}', USD)).toBe('Free delivery above $143 · peak $215');
    expect(fillAmounts('Free delivery above {{100000}}', NGN)).toBe('Free delivery above ₦100,000');
    expect(fillAmounts('No amounts here', GBP)).toBe('No amounts here');
  });
});
