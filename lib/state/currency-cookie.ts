/**
 * The shopper's currency as a cookie (`currency`, a year, whole site, SameSite=Lax), so that the
 * server renders the next page in it (lib/domain/shopper-currency.mjs reads it). Written when the
 * shopper picks a currency and when the time-zone rule first picks one; never holds anything but
 * one of the shop's three codes.
 */
import Cookies from 'js-cookie';
import { CURRENCY_COOKIE, currencyFromCookie } from '@/lib/domain/shopper-currency.mjs';
import type { CurrencyCode } from '@/lib/domain/money';

export function readCurrencyCookie(): CurrencyCode | null {
  return currencyFromCookie(`${CURRENCY_COOKIE}=${Cookies.get(CURRENCY_COOKIE) ?? ''}`);
}

export function writeCurrencyCookie(code: CurrencyCode): void {
  if (Cookies.get(CURRENCY_COOKIE) === code) return;
  Cookies.set(CURRENCY_COOKIE, code, { expires: 365, path: '/', sameSite: 'Lax', secure: location.protocol === 'https:' });
}
