/**
 * The client's address, for the per-address rate limits.
 *
 * Where it comes from: the socket's address, unless `TRUST_PROXY` says N proxies sit in front of
 * the shop; then it is the X-Forwarded-For hop N places from the right (N = 1: the last entry,
 * which the one trusted proxy appended). Entries further left were written by the client and are
 * never used. When the header holds fewer than N entries the request passed fewer proxies than
 * configured, and its leftmost entry is still one a trusted proxy appended: that one is used.
 * A hop that is not an address ('unknown', garbage) falls back to the socket's address, so a
 * forged header can only move a client onto the proxy's shared counter, never onto a fresh one.
 *
 * Addresses are normalised so that one address has one spelling: IPv4-mapped IPv6
 * (`::ffff:10.58.1.1`) is IPv4, IPv4 octets are decimal without leading zeros (`10.058.1.1` is
 * `10.58.1.1`), IPv6 is lower-case and compressed (RFC 5952). A rate-limit key counts an IPv6
 * address as its /64 (`addressKey`): one host usually holds a whole /64 and could rotate through it.
 *
 * The shop's own server-side calls (the order-tracker page looking an order up for the shopper)
 * forward the shopper's address with `forwardedFor()`: a per-process key proves the header comes
 * from this server and not from a client.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { getConfig } from '@/lib/server/config';

type Req = Pick<IncomingMessage, 'headers' | 'socket'>;

/** The address of a request whose socket has none (a closed connection). */
export const UNKNOWN_ADDRESS = 'unknown';

/** The eight 16-bit groups of an IPv6 address (with an optional dotted IPv4 tail), or null. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const octets = tail.split('.').map(Number);
    text = `${text.slice(0, -tail.length)}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const groups = rest === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** RFC 5952 text of eight groups: lower-case, no leading zeros, the longest run of 2+ zero groups as `::`. */
function ipv6Text(groups: number[]): string {
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length && j - i >= 2) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/**
 * One address in its one spelling, or null when `raw` is not an address. Accepts what proxies
 * write: surrounding spaces, `[v6]`, `[v6]:port`, `v4:port`, an IPv6 zone (`%eth0`, dropped).
 *
 * @example normaliseAddress('10.058.1.1') // '10.58.1.1'
 * @example normaliseAddress('::FFFF:10.58.1.1') // '10.58.1.1'
 * @example normaliseAddress('2001:0DB8:0:0::1') // '2001:db8::1'
 */
export function normaliseAddress(raw: string): string | null {
  let text = raw.trim();
  if (text.length === 0 || text.length > 100) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%[\w.-]+$/, '');

  const dotted = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    // Octets are read as decimal: `010` is 10 (not octal 8), as the shop's proxies write them.
    const octets = dotted.slice(1).map((o) => parseInt(o, 10));
    return octets.every((o) => o <= 255) ? octets.join('.') : null;
  }
  // An IPv4 tail of IPv6 (`::ffff:10.058.1.1`) is read the same way.
  text = text.replace(/(:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_, colon: string, ...octets: string[]) => colon + octets.slice(0, 4).map((o) => String(parseInt(o, 10))).join('.'));
  const groups = ipv6Groups(text);
  if (!groups) return null;
  // IPv4-mapped (::ffff:a.b.c.d): the same client as a.b.c.d.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return ipv6Text(groups);
}

/**
 * The rate-limit key of a normalised address: an IPv4 address itself, an IPv6 address its /64.
 *
 * @example addressKey('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function addressKey(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${ipv6Text([...groups.slice(0, 4), 0, 0, 0, 0]).replace(/::$/, '')}::/64`;
}

/** The entries of every X-Forwarded-For header, in order (several headers are joined). */
function forwardedHops(header: string | string[] | undefined): string[] {
  const joined = (Array.isArray(header) ? header.join(',') : header ?? '').trim();
  return joined === '' ? [] : joined.split(',').map((hop) => hop.trim());
}

// --- The shop's own server-side calls ---------------------------------------------------------

const FORWARD_ADDRESS_HEADER = 'x-shop-client-address';
const FORWARD_KEY_HEADER = 'x-shop-forward-key';

/**
 * INTERNAL_API_KEY when set (pages rendered by one process, the API answered by another, as with
 * INTERNAL_API_URL); otherwise random per process, kept across Next's module reloading in development.
 */
function forwardKey(): string {
  return getConfig().internalApiKey ?? ((globalThis as { __shopForwardKey?: string }).__shopForwardKey ??= randomBytes(32).toString('hex'));
}

/** The address this server forwarded with a call to its own API, when the call proves it is its own. */
function selfForwarded(req: Req): string | null {
  const key = req.headers[FORWARD_KEY_HEADER];
  const address = req.headers[FORWARD_ADDRESS_HEADER];
  if (typeof key !== 'string' || typeof address !== 'string') return null;
  // Compared as digests: equal lengths whatever the client sent, and in constant time.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  if (!timingSafeEqual(digest(key), digest(forwardKey()))) return null;
  return normaliseAddress(address);
}

/**
 * Headers for a server-side call to this shop's own API made on a shopper's behalf, so that the
 * API counts the shopper's address and not this server's. Only a call from this process can
 * carry them (the key never leaves the shop's servers: random per process, or INTERNAL_API_KEY
 * shared by the processes when pages call another process's API); elsewhere they are ignored.
 */
export function forwardedFor(req: Req, trustProxy: number): Record<string, string> {
  return { 'X-Shop-Client-Address': clientAddress(req, trustProxy), 'X-Shop-Forward-Key': forwardKey() };
}

// --- The client's address ---------------------------------------------------------------------

/**
 * The client's normalised address (exact; see the header for where it comes from).
 * `trustProxy` is the number of proxies in front of the shop (`getConfig().trustProxy`).
 */
export function clientAddress(req: Req, trustProxy: number): string {
  const own = selfForwarded(req);
  if (own) return own;
  const socket = normaliseAddress(req.socket?.remoteAddress ?? '') ?? UNKNOWN_ADDRESS;
  if (trustProxy < 1) return socket;
  const hops = forwardedHops(req.headers['x-forwarded-for']);
  if (hops.length === 0) return socket;
  return normaliseAddress(hops[Math.max(0, hops.length - trustProxy)]!) ?? socket;
}

/** The client's rate-limit key: its address, or for IPv6 its /64. */
export function clientKey(req: Req, trustProxy: number): string {
  return addressKey(clientAddress(req, trustProxy));
}
