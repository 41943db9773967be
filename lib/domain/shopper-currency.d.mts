export const CURRENCY_CODES: readonly ['NGN', 'USD', 'GBP'];
export type ShopperCurrencyCode = (typeof CURRENCY_CODES)[number];
export type ShopperCurrency = { code: ShopperCurrencyCode; source: 'cookie' | 'country' | 'language' | 'default' };
type Headers = Record<string, string | string[] | undefined>;

export const CURRENCY_COOKIE: 'currency';
export const COUNTRY_HEADERS: readonly string[];
export const CURRENCY_HEADER: 'X-Shop-Currency';
export function knownCurrency(value: unknown): ShopperCurrencyCode | null;
export function currencyForCountry(country: string | undefined | null): ShopperCurrencyCode | null;
export function currencyForLanguages(acceptLanguage: string | undefined | null): ShopperCurrencyCode | null;
export function currencyFromCookie(cookieHeader: string | string[] | undefined): ShopperCurrencyCode | null;
export function shopperCurrency(headers: Headers): ShopperCurrency;
