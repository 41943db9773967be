/**
 * The rule a page's currency is chosen by before any JavaScript runs (lib/domain/shopper-currency.mjs):
 * cookie > CDN country header > Accept-Language > naira, every branch.
 */
import {
  COUNTRY_HEADERS,
  CURRENCY_CODES,
  currencyForCountry,
  currencyForLanguages,
  currencyFromCookie,
  knownCurrency,
  shopperCurrency,
} from '@/lib/domain/shopper-currency.mjs';

describe('knownCurrency', () => {
  it('accepts exactly the three codes', () => {
    expect(CURRENCY_CODES).toEqual(['NGN', 'USD', 'GBP']);
    for (const code of CURRENCY_CODES) expect(knownCurrency(code)).toBe(code);
    for (const other of ['gbp', 'EUR', ' GBP', 'GBP ', '', undefined, null, 1, ['GBP']]) expect(knownCurrency(other)).toBeNull();
  });
});

describe('currencyForCountry', () => {
  it('naira for Nigeria, pounds for the UK and the Crown dependencies, dollars for any other country', () => {
    expect(currencyForCountry('NG')).toBe('NGN');
    for (const uk of ['GB', 'UK', 'GG', 'JE', 'IM']) expect(currencyForCountry(uk)).toBe('GBP');
    for (const other of ['US', 'CA', 'FR', 'GH', 'IE', 'ZA']) expect(currencyForCountry(other)).toBe('USD');
  });

  it('reads any letter case and surrounding spaces', () => {
    expect(currencyForCountry('ng')).toBe('NGN');
    expect(currencyForCountry(' gb ')).toBe('GBP');
  });

  it('skips codes that name no country (unknown, Tor, continents) and malformed ones', () => {
    for (const none of ['XX', 'ZZ', 'T1', 'EU', 'AP', 'A1', 'GBR', 'G', '', undefined, null]) expect(currencyForCountry(none)).toBeNull();
  });
});

describe('currencyForLanguages', () => {
  it('uses the first tag that names a region', () => {
    expect(currencyForLanguages('en-GB,en;q=0.9')).toBe('GBP');
    expect(currencyForLanguages('en-US,en;q=0.9')).toBe('USD');
    expect(currencyForLanguages('en-NG')).toBe('NGN');
    expect(currencyForLanguages('en, fr;q=0.8, en-GB;q=0.5')).toBe('GBP');
    expect(currencyForLanguages('en-US;q=0.1, en-GB')).toBe('USD');
    expect(currencyForLanguages('zh-Hant-TW')).toBe('USD');
    expect(currencyForLanguages(' en-gb ; q=0.9')).toBe('GBP');
  });

  it('skips tags that name no country-shaped region', () => {
    expect(currencyForLanguages('es-419, en-GB')).toBe('GBP');
    expect(currencyForLanguages('en-GB-oxendict, en-US')).toBe('USD');
    expect(currencyForLanguages('*, en-UK')).toBe('GBP');
  });

  it('stops at the first region even when it names no country', () => {
    expect(currencyForLanguages('en-XX, en-GB')).toBeNull();
  });

  it('gives null without any region', () => {
    for (const none of ['en', 'en-Latn', '*', '', undefined, null, 'english-GB']) expect(currencyForLanguages(none)).toBeNull();
  });
});

describe('currencyFromCookie', () => {
  it('reads the currency cookie among others', () => {
    expect(currencyFromCookie('currency=GBP')).toBe('GBP');
    expect(currencyFromCookie('session=abc; currency=USD; theme=dark')).toBe('USD');
    expect(currencyFromCookie(['a=1', 'currency=NGN'])).toBe('NGN');
  });

  it('ignores any value but the three codes', () => {
    for (const cookie of ['currency=gbp', 'currency=EUR', 'currency="GBP"', 'currency=GBPX', 'currency=', 'currency=GBP ;x=1', 'currency=GBP,x=1'])
      expect(currencyFromCookie(cookie)).toBeNull();
  });

  it('takes the first cookie so named, as nginx does, whatever its value', () => {
    expect(currencyFromCookie('currency=XYZ; currency=GBP')).toBeNull();
    expect(currencyFromCookie('currency=USD; currency=GBP')).toBe('USD');
    expect(currencyFromCookie('Currency=GBP')).toBe('GBP');
    expect(currencyFromCookie('a=1,currency=USD')).toBe('USD');
    expect(currencyFromCookie('currency = GBP')).toBe('GBP');
  });

  it('does not mistake other names for it', () => {
    for (const cookie of ['xcurrency=GBP', 'currencyx=GBP', 'x=currency=GBP', 'a=1 currency=USD', '', undefined]) expect(currencyFromCookie(cookie)).toBeNull();
  });
});

describe('shopperCurrency', () => {
  it('cookie first', () => {
    expect(shopperCurrency({ cookie: 'currency=GBP', 'cf-ipcountry': 'NG', 'accept-language': 'en-US' })).toEqual({ code: 'GBP', source: 'cookie' });
  });

  it('an unknown cookie value is ignored: the guess decides', () => {
    expect(shopperCurrency({ cookie: 'currency=EUR', 'cf-ipcountry': 'GB' })).toEqual({ code: 'GBP', source: 'country' });
    expect(shopperCurrency({ cookie: 'currency=EUR' })).toEqual({ code: 'NGN', source: 'default' });
  });

  it('then the CDN country headers, Cloudflare before CloudFront, skipping placeholders', () => {
    expect(COUNTRY_HEADERS).toEqual(['cf-ipcountry', 'cloudfront-viewer-country']);
    expect(shopperCurrency({ 'cf-ipcountry': 'NG', 'accept-language': 'en-GB' })).toEqual({ code: 'NGN', source: 'country' });
    expect(shopperCurrency({ 'cf-ipcountry': 'US', 'cloudfront-viewer-country': 'GB' })).toEqual({ code: 'USD', source: 'country' });
    expect(shopperCurrency({ 'cloudfront-viewer-country': 'GB' })).toEqual({ code: 'GBP', source: 'country' });
    expect(shopperCurrency({ 'cf-ipcountry': 'T1', 'cloudfront-viewer-country': 'NG' })).toEqual({ code: 'NGN', source: 'country' });
    expect(shopperCurrency({ 'cf-ipcountry': 'XX', 'accept-language': 'en-GB' })).toEqual({ code: 'GBP', source: 'language' });
    expect(shopperCurrency({ 'cf-ipcountry': ['GB', 'US'] })).toEqual({ code: 'GBP', source: 'country' });
  });

  it('then Accept-Language', () => {
    expect(shopperCurrency({ 'accept-language': 'en-US,en;q=0.9' })).toEqual({ code: 'USD', source: 'language' });
    expect(shopperCurrency({ cookie: 'theme=dark', 'accept-language': 'en-NG' })).toEqual({ code: 'NGN', source: 'language' });
  });

  it('else naira', () => {
    expect(shopperCurrency({})).toEqual({ code: 'NGN', source: 'default' });
    expect(shopperCurrency({ 'accept-language': 'en', 'cf-ipcountry': 'XX' })).toEqual({ code: 'NGN', source: 'default' });
  });
});
