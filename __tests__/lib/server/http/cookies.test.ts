/** @jest-environment node */
import { getConfig } from '@/lib/server/config';
import { appendSetCookie, readCookie, requestIsSecure, serializeCookie } from '@/lib/server/http/cookies';

describe('readCookie', () => {
  it.each<[string | undefined, string | null]>([
    [undefined, null],
    ['', null],
    ['staff_session=abc', 'abc'],
    ['a=1; staff_session=abc; b=2', 'abc'],
    ['xstaff_session=evil; staff_session=abc', 'abc'],
    ['staff_session=; other=1', null],
    ['staff_session=first; staff_session=second', 'first'],
    ['  staff_session = spaced ', 'spaced'],
  ])('%s → %s', (header, value) => {
    expect(readCookie({ headers: header === undefined ? {} : { cookie: header } }, 'staff_session')).toBe(value);
  });
});

describe('serializeCookie', () => {
  it('is always HttpOnly and SameSite=Strict, Secure when asked', () => {
    expect(serializeCookie('staff_session', 'abc_-1', { path: '/admin', maxAge: 60, secure: false })).toBe('staff_session=abc_-1; Path=/admin; Max-Age=60; HttpOnly; SameSite=Strict');
    expect(serializeCookie('staff_session', '', { path: '/admin', maxAge: 0, secure: true })).toBe('staff_session=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Strict; Secure');
  });

  it('refuses a value that could add attributes', () => {
    expect(() => serializeCookie('staff_session', 'a; Domain=evil.example', { path: '/admin', maxAge: 1, secure: false })).toThrow();
  });
});

describe('appendSetCookie', () => {
  it('keeps cookies already set', () => {
    const headers: Record<string, unknown> = { 'Set-Cookie': 'a=1' };
    const res = { getHeader: (name: string) => headers[name] as string, setHeader: (name: string, value: unknown) => void (headers[name] = value) };
    appendSetCookie(res as never, ['b=2', 'c=3']);
    expect(headers['Set-Cookie']).toEqual(['a=1', 'b=2', 'c=3']);
  });
});

describe('requestIsSecure', () => {
  const saved = { siteUrl: getConfig().siteUrl, trustProxy: getConfig().trustProxy };
  afterEach(() => Object.assign(getConfig(), saved));
  const req = (headers: Record<string, string> = {}, encrypted = false) => ({ headers, socket: { encrypted } }) as never;

  it.each<[string, number, Record<string, string>, boolean, boolean]>([
    ['http://localhost:3000', 0, {}, false, false],
    ['http://localhost:3000', 0, {}, true, true],
    ['http://localhost:3000', 0, { 'x-forwarded-proto': 'https' }, false, false],
    ['http://localhost:3000', 1, { 'x-forwarded-proto': 'https' }, false, true],
    ['http://localhost:3000', 1, { 'x-forwarded-proto': 'https, http' }, false, false],
    ['http://localhost:3000', 1, { 'x-forwarded-proto': 'http, https' }, false, true],
    ['http://localhost:3000', 1, {}, false, false],
    ['https://shop.example', 0, {}, false, true],
  ])('SITE_URL %s, TRUST_PROXY %d, %j, TLS socket %s → %s', (siteUrl, trustProxy, headers, encrypted, secure) => {
    Object.assign(getConfig(), { siteUrl, trustProxy });
    expect(requestIsSecure(req(headers, encrypted))).toBe(secure);
  });
});
