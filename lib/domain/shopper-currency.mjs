/**
 * Which currency a request's page is rendered in, before any JavaScript runs. Plain JavaScript
 * so that both the app (lib/server/shell.ts) and the shared-page cache (scripts/page-cache.mjs,
 * which runs without a build step) use this one rule and so key a page by what it shows:
 *
 * 1. the `currency` cookie, when it holds one of the three codes (set by the browser when the
 *    shopper picks a currency, or when the spec's time-zone rule first picks one:
 *    lib/state/currency-cookie.ts); any other value is ignored;
 * 2. a CDN's country header (`CF-IPCountry` from Cloudflare, then `CloudFront-Viewer-Country`
 *    from CloudFront), by the same rule as the time zone: Nigeria naira, the United Kingdom
 *    pounds, any other real country dollars; a placeholder (`XX`, `T1` for Tor…) is skipped;
 * 3. `Accept-Language`: the first language tag that names a region (`en-GB`), by the same rule;
 * 4. naira.
 *
 * deploy/nginx/shop-http.conf repeats this rule as `map`s for its cache key; e2e/currency.test.ts
 * checks the two agree on the same requests. Where they could differ, nginx stores nothing:
 * scripts/page-cache.mjs names the currency of each answer in `X-Shop-Currency`.
 */

export const CURRENCY_COOKIE = 'currency';
/** The currencies the shop sells in (lib/domain/money.ts re-exports this list). */
export const CURRENCY_CODES = /** @type {const} */ (['NGN', 'USD', 'GBP']);
/** The request headers a CDN puts the visitor's country in (ISO 3166 alpha-2), first match wins. */
export const COUNTRY_HEADERS = /** @type {const} */ (['cf-ipcountry', 'cloudfront-viewer-country']);
/** The answer header naming the currency a page was rendered in (its cache variant). */
export const CURRENCY_HEADER = 'X-Shop-Currency';

/** The United Kingdom (`UK` is not ISO but common in language tags) and the Crown dependencies. */
const UK = new Set(['GB', 'UK', 'GG', 'JE', 'IM']);
/** Two-letter codes that name no country: unknown (XX, ZZ), Europe and Asia/Pacific as a whole. */
const NOT_A_COUNTRY = new Set(['XX', 'ZZ', 'EU', 'AP']);

/** A currency code if `value` is exactly one the shop sells in, else null. */
export function knownCurrency(value) {
  return typeof value === 'string' && CURRENCY_CODES.includes(value) ? value : null;
}

/**
 * The currency for an ISO country code: NG naira, the UK (and the Crown dependencies) pounds, any
 * other real country dollars; unknown or placeholder codes (`XX`, `T1` for Tor) give null.
 */
export function currencyForCountry(country) {
  const code = String(country ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || NOT_A_COUNTRY.has(code)) return null;
  if (code === 'NG') return 'NGN';
  if (UK.has(code)) return 'GBP';
  return 'USD';
}

/**
 * The currency for an Accept-Language header: its first tag that names a region (`en-GB`,
 * `zh-Hant-TW`), by the country rule; null when no tag names one. Tags come in the browser's
 * order of preference; weights are not re-sorted.
 */
export function currencyForLanguages(acceptLanguage) {
  for (const part of String(acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim();
    const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})$/i.exec(tag)?.[1];
    if (region) return currencyForCountry(region);
  }
  return null;
}

/**
 * The `currency` cookie's value from a Cookie header, when it is one of the three codes. Read as
 * nginx 1.22 reads `$cookie_currency`, so that the app and nginx's cache key agree: the first
 * cookie of that name counts (in any letter case, even when its value is not a code), a name
 * starts after `;` or `,` and spaces, and its value runs from the spaces after `=` to the next `;`
 * (so `currency=GBP ;` is not GBP).
 */
export function currencyFromCookie(cookieHeader) {
  // Spaces at the header's end are no part of it (HTTP parsers, Node's and nginx's, drop them).
  const header = (Array.isArray(cookieHeader) ? cookieHeader.join('; ') : String(cookieHeader ?? '')).trimEnd();
  for (const segment of header.split(';')) {
    for (const name of segment.matchAll(/(?:^|,) *([^=,]*?) *=/g)) {
      if (name[1].toLowerCase() !== CURRENCY_COOKIE) continue;
      return knownCurrency(segment.slice(name.index + name[0].length).replace(/^ +/, ''));
    }
  }
  return null;
}

function header(headers, name) {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The currency a request is rendered in, and where it came from. `headers` as Node gives them
 * (lower-case names).
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
