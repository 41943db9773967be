/**
 * Cookies, which only the back office uses (the storefront is cookie-free: accounts travel as
 * bearer tokens, so every storefront page is the same for everyone and the shared page cache can
 * keep it). Reading one cookie from a request, writing `Set-Cookie` values, and whether the
 * browser reached the shop over TLS (cookies then say `Secure`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { getConfig } from '@/lib/server/config';

type Req = Pick<IncomingMessage, 'headers' | 'socket'>;

/** Cookie names and values the shop writes: letters, digits, `_` and `-` (base64url tokens). */
const SAFE = /^[A-Za-z0-9_-]+$/;

/**
 * The value of the cookie `name` in the request's `Cookie` header, or null. When the header
 * names it twice (a cookie planted for a wider path comes along), the first is taken: browsers
 * send the most specific path first.
 * @example readCookie({ headers: { cookie: 'a=1; staff_session=xyz' } }, 'staff_session') // 'xyz'
 */
export function readCookie(req: Pick<IncomingMessage, 'headers'>, name: string): string | null {
  const header = req.headers.cookie;
  if (typeof header !== 'string' || header === '') return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return value === '' ? null : value;
  }
  return null;
}

/**
 * Whether the browser reached the shop over TLS: the socket is encrypted, or (only when
 * TRUST_PROXY says proxies sit in front) the nearest proxy's `X-Forwarded-Proto` says https, or
 * SITE_URL is https (the shop is only ever meant to be reached over TLS).
 */
export function requestIsSecure(req: Req): boolean {
  const config = getConfig();
  if (config.siteUrl.startsWith('https:')) return true;
  if ((req.socket as TLSSocket | undefined)?.encrypted) return true;
  if (config.trustProxy < 1) return false;
  const header = req.headers['x-forwarded-proto'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((hop) => hop.trim().toLowerCase());
  // The nearest proxy's word is the last one (a proxy that appends) or the only one (one that sets it).
  return hops[hops.length - 1] === 'https';
}

export type CookieOptions = {
  path: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  secure: boolean;
};

/**
 * One `Set-Cookie` value: always HttpOnly and SameSite=Strict (never sent with a request another
 * site starts, and never readable by scripts).
 * @example serializeCookie('staff_session', 'abc', { path: '/admin', maxAge: 60, secure: true })
 * // 'staff_session=abc; Path=/admin; Max-Age=60; HttpOnly; SameSite=Strict; Secure'
 */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!SAFE.test(name) || (value !== '' && !SAFE.test(value))) throw new Error('Cookie names and values must be base64url text');
  const parts = [`${name}=${value}`, `Path=${options.path}`, `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`, 'HttpOnly', 'SameSite=Strict'];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Adds `Set-Cookie` values to an answer (keeping those already set). */
export function appendSetCookie(res: Pick<ServerResponse, 'getHeader' | 'setHeader'>, cookies: string[]): void {
  if (cookies.length === 0) return;
  const current = res.getHeader('Set-Cookie');
  const existing = current === undefined ? [] : Array.isArray(current) ? current.map(String) : [String(current)];
  res.setHeader('Set-Cookie', [...existing, ...cookies]);
}
