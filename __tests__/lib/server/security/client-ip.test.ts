/** @jest-environment node */
import type { IncomingMessage } from 'node:http';
import { addressKey, clientAddress, clientKey, forwardedFor, normaliseAddress } from '@/lib/server/security/client-ip';
import { advanceClock, now, resetClock } from '@/lib/server/security/clock';
import { getConfig } from '@/lib/server/config';

const req = (headers: IncomingMessage['headers'], remoteAddress?: string) => ({ headers, socket: { remoteAddress } }) as Pick<IncomingMessage, 'headers' | 'socket'>;

describe('normaliseAddress', () => {
  it.each([
    ['10.58.1.1', '10.58.1.1'],
    ['10.058.1.1', '10.58.1.1'],
    ['010.058.001.001', '10.58.1.1'],
    [' 192.0.2.5 ', '192.0.2.5'],
    ['192.0.2.5:51234', '192.0.2.5'],
    ['::ffff:10.58.1.1', '10.58.1.1'],
    ['::FFFF:10.058.1.1', '10.58.1.1'],
    ['::ffff:a3a:101', '10.58.1.1'],
    ['0:0:0:0:0:ffff:10.58.1.1', '10.58.1.1'],
    ['[::ffff:10.58.1.1]:443', '10.58.1.1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['[2001:db8::1]:8080', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::1', '::1'],
    ['::', '::'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseAddress(raw)).toBe(expected);
  });

  it.each(['', 'unknown', '256.1.1.1', '10.1.1', '10.0058.1.1', '167772161', '1.2.3.4.5', '2001:db8::1::2', 'gggg::1', '<script>', 'x'.repeat(200), '_hidden', '10.1.1.1 10.1.1.2'])(
    'refuses %p',
    (raw) => {
      expect(normaliseAddress(raw)).toBeNull();
    },
  );
});

describe('addressKey', () => {
  it('is an IPv4 address itself and the /64 of an IPv6 address', () => {
    expect(addressKey('10.58.1.1')).toBe('10.58.1.1');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(addressKey('2001:0:0:1::5')).toBe('2001:0:0:1::/64');
    expect(addressKey('::1')).toBe('::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });

  it('tells two /64s apart', () => {
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });
});

describe('clientAddress', () => {
  it('without trusted proxies (0, the default): the socket address, whatever X-Forwarded-For says', () => {
    expect(clientAddress(req({ 'x-forwarded-for': '203.0.113.7' }, '192.0.2.5'), 0)).toBe('192.0.2.5');
    expect(clientAddress(req({}, '::ffff:192.0.2.5'), 0)).toBe('192.0.2.5');
    expect(clientAddress(req({}, '2001:DB8::0001'), 0)).toBe('2001:db8::1');
    expect(clientAddress(req({}, undefined), 0)).toBe('unknown');
  });

  it('behind one proxy: the right-most hop, the one that proxy appended', () => {
    expect(clientAddress(req({ 'x-forwarded-for': '198.51.100.1, 203.0.113.7' }, '10.0.0.1'), 1)).toBe('203.0.113.7');
    expect(clientAddress(req({ 'x-forwarded-for': '203.0.113.7' }, '10.0.0.1'), 1)).toBe('203.0.113.7');
    expect(clientAddress(req({ 'x-forwarded-for': ' 2001:DB8::1 ' }, '10.0.0.1'), 1)).toBe('2001:db8::1');
    expect(clientAddress(req({ 'x-forwarded-for': 'spoof, 010.058.001.001' }, '10.0.0.1'), 1)).toBe('10.58.1.1');
  });

  it('behind N proxies: the hop N places from the right; with fewer hops, the leftmost one', () => {
    const chain = '198.51.100.1, 198.51.100.2, 203.0.113.7, 10.0.0.2';
    expect(clientAddress(req({ 'x-forwarded-for': chain }, '10.0.0.1'), 2)).toBe('203.0.113.7');
    expect(clientAddress(req({ 'x-forwarded-for': chain }, '10.0.0.1'), 3)).toBe('198.51.100.2');
    expect(clientAddress(req({ 'x-forwarded-for': '203.0.113.7' }, '10.0.0.1'), 2)).toBe('203.0.113.7');
  });

  it('joins several X-Forwarded-For headers in order', () => {
    expect(clientAddress(req({ 'x-forwarded-for': ['198.51.100.1', '203.0.113.7, 10.0.0.2'] as unknown as string }, '10.0.0.1'), 2)).toBe('203.0.113.7');
  });

  it('falls back to the socket address when the header is empty or its hop is not an address', () => {
    expect(clientAddress(req({ 'x-forwarded-for': '' }, '192.0.2.5'), 1)).toBe('192.0.2.5');
    expect(clientAddress(req({}, '192.0.2.5'), 1)).toBe('192.0.2.5');
    expect(clientAddress(req({ 'x-forwarded-for': '203.0.113.7, unknown' }, '192.0.2.5'), 1)).toBe('192.0.2.5');
    expect(clientAddress(req({ 'x-forwarded-for': '203.0.113.7,' }, '192.0.2.5'), 1)).toBe('192.0.2.5');
    expect(clientAddress(req({ 'x-forwarded-for': '10.999.1.1' }, '192.0.2.5'), 1)).toBe('192.0.2.5');
  });

  it('takes the address this server forwards for its own calls, and only with this process’s key', () => {
    const forwarded = forwardedFor(req({ 'x-forwarded-for': '198.51.100.1, 203.0.113.7' }, '10.0.0.1'), 1);
    expect(forwarded['X-Shop-Client-Address']).toBe('203.0.113.7');
    const lower = Object.fromEntries(Object.entries(forwarded).map(([k, v]) => [k.toLowerCase(), v]));
    expect(clientAddress(req(lower, '127.0.0.1'), 0)).toBe('203.0.113.7');
    const forged = { ...lower, 'x-shop-forward-key': 'f'.repeat(lower['x-shop-forward-key']!.length) };
    expect(clientAddress(req(forged, '127.0.0.1'), 0)).toBe('127.0.0.1');
    expect(clientAddress(req({ 'x-shop-client-address': '203.0.113.7' }, '127.0.0.1'), 0)).toBe('127.0.0.1');
    const odd = { ...lower, 'x-shop-forward-key': `${'é'.repeat(32)}${'f'.repeat(32)}` };
    expect(clientAddress(req(odd, '127.0.0.1'), 0)).toBe('127.0.0.1');
  });

  it('with INTERNAL_API_KEY, a page server in another process proves the address with that shared key', () => {
    const shared = 'k'.repeat(40);
    const config = getConfig();
    const before = config.internalApiKey;
    try {
      config.internalApiKey = shared;
      const forwarded = forwardedFor(req({}, '203.0.113.9'), 0);
      expect(forwarded['X-Shop-Forward-Key']).toBe(shared);
      expect(clientAddress(req({ 'x-shop-client-address': '203.0.113.9', 'x-shop-forward-key': shared }, '10.0.0.2'), 0)).toBe('203.0.113.9');
      expect(clientAddress(req({ 'x-shop-client-address': '203.0.113.9', 'x-shop-forward-key': 'j'.repeat(40) }, '10.0.0.2'), 0)).toBe('10.0.0.2');
    } finally {
      config.internalApiKey = before;
    }
  });
});

describe('clientKey', () => {
  it('one spelling of an address is one key, and an IPv6 /64 is one key', () => {
    const keys = ['10.58.1.1', '10.058.1.1', '::ffff:10.58.1.1'].map((a) => clientKey(req({}, a), 0));
    expect(new Set(keys)).toEqual(new Set(['10.58.1.1']));
    expect(clientKey(req({}, '2001:db8:1:2::1'), 0)).toBe(clientKey(req({}, '2001:db8:1:2:ffff::9'), 0));
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
