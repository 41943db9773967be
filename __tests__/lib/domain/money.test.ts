import {
  convertFromNaira,
  currencyForTimeZone,
  currencySign,
  DEFAULT_CURRENCIES,
  numberText,
  fillAmounts,
  formatAmount,
  formatMinor,
  formatNaira,
  formatPrice,
} from '@/lib/domain/money';

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

describe('currencySign', () => {
  it.each([
    ['NGN', '₦'],
    ['USD', '$'],
    ['GBP', '£'],
    ['GHS', undefined],
    ['', undefined],
  ])('%p → %p', (code, sign) => {
    expect(currencySign(code)).toBe(sign);
  });
});

describe('formatNaira', () => {
  it.each([
    [0, '₦0'],
    [4500, '₦4,500'],
    [150000, '₦150,000'],
    [30_000_000, '₦30,000,000'],
    // Only a price a client sent wrong has a fraction: it must not read like the right price.
    [44999.5, '₦44,999.5'],
    [44999.999, '₦44,999.999'],
  ])('%p → %p', (naira, text) => {
    expect(formatNaira(naira)).toBe(text);
  });
});

describe('formatAmount', () => {
  it.each([
    [215, 'USD', '$215'],
    [150000, 'NGN', '₦150,000'],
    [150000.5, 'NGN', '₦150,000.50'],
    [35.1, 'GBP', '£35.10'],
    [1686, 'GBP', '£1,686'],
    [35, 'CHF', 'CHF 35'],
  ])('%p %s → %p', (amount, code, text) => {
    expect(formatAmount(amount, code)).toBe(text);
  });

  it('takes the sign of a currency record as configured', () => {
    expect(formatAmount(65, { sign: 'US$' })).toBe('US$65');
  });
});

describe('formatMinor', () => {
  it.each([
    [2_450_000n, 'NGN', 'NGN 24,500.00'],
    [3_000_000_000n, 'NGN', 'NGN 30,000,000.00'], // more kobo than a 4-byte integer holds
    [3510n, 'USD', 'USD 35.10'],
    [7n, 'GBP', 'GBP 0.07'],
    [0n, 'USD', 'USD 0.00'],
    [-150n, 'GBP', 'GBP -1.50'],
    [123_456_789_012_345_678_901n, 'NGN', 'NGN 1,234,567,890,123,456,789.01'], // beyond 2^53: exact
    [999n, 'XYZ', 'XYZ 9.99'],
  ])('%p %s → %p', (minor, code, text) => {
    expect(formatMinor(minor, code)).toBe(text);
  });

  it.each([
    [2_450_000n, 'NGN', '₦24,500.00'],
    [3500n, 'USD', '$35.00'],
    [3500n, 'GBP', '£35.00'],
    [3500n, 'GHS', 'GHS 35.00'],
  ])('with sign: %p %s → %p', (minor, code, text) => {
    expect(formatMinor(minor, code, { sign: true })).toBe(text);
  });
});

describe('the formatters agree', () => {
  it('on whole naira: price, naira, amount, and minor units with cents', () => {
    for (let naira = 0; naira < 3_000_000; naira += 9_973) {
      const text = formatNaira(naira);
      expect(formatPrice(naira, NGN)).toBe(text);
      expect(formatAmount(naira, 'NGN')).toBe(text);
      expect(formatMinor(BigInt(naira) * 100n, 'NGN', { sign: true })).toBe(`${text}.00`);
      expect(formatMinor(BigInt(naira) * 100n, 'NGN')).toBe(`NGN ${text.slice(1)}.00`);
    }
  });

  it('on a converted price: what the shopper sees is the amount in that currency', () => {
    for (const naira of [1, 45000, 100000, 330000, 1500000]) {
      for (const currency of [USD, GBP]) {
        expect(formatPrice(naira, currency)).toBe(formatAmount(convertFromNaira(naira, currency.conversionRate), currency.name));
      }
    }
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

describe('numberText (en-US number text without Intl)', () => {
  /** A fixed pseudo-random sequence, so that a failure repeats. */
  function* numbers(count: number): Generator<number> {
    let seed = 20261127;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < count; i++) {
      yield Math.round(next() * 10 ** Math.floor(next() * 10) * 1000) / 1000 * (next() < 0.2 ? -1 : 1);
      yield Math.floor(next() * 1e6) + [0.005, 0.015, 0.125, 0.0005, 0.9995, 0.995][i % 6]!;
      yield next() * 10 ** (next() * 12);
    }
  }
  const edges = [0, -0, 1, -1, 999, 1000, 0.5, 2.5, -2.5, 0.0005, -0.0001, 1.005, 2.675, 1.0005, 9999.995, 999999.9995, 123456.7895, 44999.5, 150000.5, 1e15, 1e20, 1e-6];

  it('writes what Intl.NumberFormat en-US writes, rounding and all, for whole, two-decimal and as-given amounts', () => {
    const wrong: string[] = [];
    for (const value of [...edges, ...numbers(3000)]) {
      for (const [min, max] of [[0, 0], [2, 2], [0, 3]] as const) {
        const expected = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max }).format(value);
        const written = numberText(value, min, max);
        if (written !== expected) wrong.push(`${value} (${min}-${max}): ${written}, not ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('writes an amount JavaScript writes with an exponent (never a price) that way', () => {
    expect(numberText(1e21, 0, 0)).toBe('1e+21');
    expect(numberText(5e-7, 0, 3)).toBe('5e-7');
  });

  it('writes bigints exactly, however large', () => {
    expect(numberText(123456789012345678901234567890n, 0, 0)).toBe('123,456,789,012,345,678,901,234,567,890');
    expect(numberText(-1500n, 0, 0)).toBe('-1,500');
    expect(numberText(0n, 0, 0)).toBe('0');
  });

  it.each([
    [150000.5, 2, 2, '150,000.50'],
    [44999.5, 0, 3, '44,999.5'],
    [999.995, 2, 2, '1,000.00'],
    [1.005, 2, 2, '1.01'],
    [-0, 0, 0, '-0'],
  ])('%p with %p–%p decimals is %p', (value, min, max, text) => {
    expect(numberText(value, min, max)).toBe(text);
  });
});
