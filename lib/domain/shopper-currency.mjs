/**
 * Which currency a request's page is rendered in, before any JavaScript runs. Plain JavaScript
 * so that both the app (lib/server/shell.ts) and the shared-page cache (scripts/page-cache.mjs,
 * which runs without a build step) use this one rule and so key a page by what it shows:
 *
 * 1. the `currency` cookie (set by the browser when the shopper picks a currency, or when the
 *    spec's time-zone rule first picks one: lib/state/currency-cookie.ts);
 * 2. a CDN's country header (`CF-IPCountry` from Cloudflare, `CloudFront-Viewer-Country` from
 *    CloudFront), by the same rule as the time zone: Nigeria naira, the United Kingdom pounds,
 *    any other country dollars;
 * 3. `Accept-Language`: the first language tag that names a region, by the same rule;
 * 4. naira.
 */

export const CURRENCY_COOKIE = 'currency';
export const CURRENCY_CODES = /** @type {const} */ (['NGN', 'USD', 'GBP']);
/** The request headers a CDN puts the visitor's country in (ISO 3166 alpha-2), first match wins. */
export const COUNTRY_HEADERS = /** @type {const} */ (['cf-ipcountry', 'cloudfront-viewer-country']);

const UK = new Set(['GB', 'UK', 'GG', 'JE', 'IM']);

/** A currency code if `value` is one the shop sells in, else null. */
export function knownCurrency(value) {
  return typeof value === 'string' && CURRENCY_CODES.includes(value) ? value : null;
}

/**
 * The currency for an ISO country code: NG naira, the UK (and the Crown dependencies) pounds, any
 * other real country dollars; unknown or placeholder codes (`XX`, `T1` for Tor) give null.
 */
export function currencyForCountry(country) {
  const code = String(country ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || code === 'XX' || code === 'ZZ') return null;
  if (code === 'NG') return 'NGN';
  if (UK.has(code)) return 'GBP';
  return 'USD';
}

/** The currency for an Accept-Language header: its first tag with a region (`en-GB`), else null. */
export function currencyForLanguages(acceptLanguage) {
  for (const part of String(acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim();
    const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})$/i.exec(tag)?.[1];
    if (region) return currencyForCountry(region);
  }
  return null;
}

/** The `currency` cookie's value from a Cookie header, when it names a known currency. */
export function currencyFromCookie(cookieHeader) {
  const header = Array.isArray(cookieHeader) ? cookieHeader.join('; ') : String(cookieHeader ?? '');
  const match = new RegExp(`(?:^|;)\\s*${CURRENCY_COOKIE}=([A-Z]{3})\\s*(?:;|$)`).exec(header);
  return knownCurrency(match?.[1]);
}

function header(headers, name) {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The currency a request is rendered in, and where it came from.
 * @example shopperCurrency({ 'accept-language': 'en-GB,en;q=0.9' }) // { code: 'GBP', source: 'language' }
 */
export function shopperCurrency(headers) {
  const fromCookie = currencyFromCookie(headers.cookie);
  if (fromCookie) return { code: fromCookie, source: 'cookie' };
  for (const name of COUNTRY_HEADERS) {
    const fromCountry = currencyForCountry(header(headers, name));
    if (fromCountry) return { code: fromCountry, source: 'country' };
  }
  const fromLanguage = currencyForLanguages(header(headers, 'accept-language'));
  if (fromLanguage) return { code: fromLanguage, source: 'language' };
  return { code: 'NGN', source: 'default' };
}
