/**
 * The shopper's currency as a cookie (`currency`: a year, the whole site, SameSite=Lax, Secure
 * over HTTPS), so that the server renders the next page in it (lib/domain/shopper-currency.mjs
 * reads it; nginx and a CDN key their copies by it). Written when the shopper picks a currency
 * and when the time-zone rule first picks one, and only when it would change; never holds
 * anything but one of the shop's three codes.
 */
import Cookies from 'js-cookie';
import { CURRENCY_COOKIE, knownCurrency } from '@/lib/domain/shopper-currency.mjs';
import type { CurrencyCode } from '@/lib/domain/money';

export const CURRENCY_COOKIE_DAYS = 365;

/** The cookie's currency, or null when it is missing or holds anything else. */
export function readCurrencyCookie(): CurrencyCode | null {
  return knownCurrency(Cookies.get(CURRENCY_COOKIE));
}

/** Saves `code` in the cookie unless it already says so (or `code` is not one of the three). */
export function writeCurrencyCookie(code: CurrencyCode): void {
  if (!knownCurrency(code) || readCurrencyCookie() === code) return;
  Cookies.set(CURRENCY_COOKIE, code, { expires: CURRENCY_COOKIE_DAYS, path: '/', sameSite: 'Lax', secure: location.protocol === 'https:' });
}
