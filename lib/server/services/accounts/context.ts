/** What account services need to know about a request: the client's address and the time. */
import type { IncomingMessage } from 'node:http';
import { getConfig } from '@/lib/server/config';
import { clientKey } from '@/lib/server/security/client-ip';
import { now } from '@/lib/server/security/clock';

export type RequestContext = {
  /**
   * The client's address as a rate-limit key (`clientKey`: from the socket or the configured
   * number of trusted proxies, normalised; an IPv6 address counts as its /64).
   */
  ip: string;
  now: Date;
};

export function requestContext(req: Pick<IncomingMessage, 'headers' | 'socket'>): RequestContext {
  return { ip: clientKey(req, getConfig().trustProxy), now: now() };
}
