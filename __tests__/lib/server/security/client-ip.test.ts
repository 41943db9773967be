/** @jest-environment node */
import type { IncomingMessage } from 'node:http';
import { clientIp } from '@/lib/server/security/client-ip';
import { advanceClock, now, resetClock } from '@/lib/server/security/clock';

const req = (headers: IncomingMessage['headers'], remoteAddress?: string) => ({ headers, socket: { remoteAddress } }) as Pick<IncomingMessage, 'headers' | 'socket'>;

describe('clientIp', () => {
  it('takes the first hop of X-Forwarded-For behind a proxy', () => {
    expect(clientIp(req({ 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }, '10.0.0.1'), true)).toBe('203.0.113.7');
    expect(clientIp(req({ 'x-forwarded-for': ' 2001:DB8::1 ' }, '10.0.0.1'), true)).toBe('2001:db8::1');
  });

  it('falls back to the socket address, without the IPv4-mapped prefix', () => {
    expect(clientIp(req({}, '::ffff:192.0.2.5'), true)).toBe('192.0.2.5');
    expect(clientIp(req({ 'x-forwarded-for': '' }, '192.0.2.5'), true)).toBe('192.0.2.5');
    expect(clientIp(req({}, undefined), true)).toBe('unknown');
  });

  it('ignores X-Forwarded-For when the proxy is not trusted', () => {
    expect(clientIp(req({ 'x-forwarded-for': '203.0.113.7' }, '192.0.2.5'), false)).toBe('192.0.2.5');
  });
});

describe('clock', () => {
  afterEach(() => resetClock());

  it('moves forward for tests and back to real time', () => {
    const before = Date.now();
    advanceClock(60_000);
    advanceClock(60_000);
    expect(now().getTime()).toBeGreaterThanOrEqual(before + 120_000);
    resetClock();
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });
});
