/**
 * The client's address for rate limiting: the first hop of X-Forwarded-For when the shop runs
 * behind a proxy (`TRUST_PROXY`, the default), otherwise the socket's address. A client that
 * forges the header only moves itself to another per-address counter; the per-account counters
 * do not depend on the address.
 */
import type { IncomingMessage } from 'node:http';

export function clientIp(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first.slice(0, 64).toLowerCase();
  }
  return (req.socket?.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}
