/** @jest-environment node */
import { bearerToken, hashOtpCode, hashToken, isTokenShaped, newOtpCode, newToken, sameDigest, sha256 } from '@/lib/server/security/tokens';

describe('bearer tokens', () => {
  it('are 32 random bytes as base64url', () => {
    const tokens = Array.from({ length: 200 }, newToken);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(isTokenShaped(token)).toBe(true);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('are stored as a SHA-256 digest that does not contain them', () => {
    const token = newToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(hashToken(newToken()));
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken(token)).not.toBe(sha256(token)); // domain-separated from other digests
  });

  it.each([
    [{ authorization: 'Bearer abc' }, 'abc'],
    [{ authorization: 'bearer   abc  ' }, 'abc'],
    [{ authorization: 'Basic abc' }, null],
    [{ authorization: 'Bearer' }, null],
    [{ authorization: 'Bearer a b' }, null],
    [{}, null],
  ])('reads %j as %p', (headers, expected) => {
    expect(bearerToken({ headers })).toBe(expected);
  });

  it('rejects strings that cannot be tokens before any query', () => {
    expect(isTokenShaped('')).toBe(false);
    expect(isTokenShaped('A'.repeat(42))).toBe(false);
    expect(isTokenShaped('A'.repeat(44))).toBe(false);
    expect(isTokenShaped(`${'A'.repeat(42)}=`)).toBe(false);
  });
});

describe('one-time passwords', () => {
  it('are six digits, leading zeros included, spread over the whole range', () => {
    const codes = Array.from({ length: 3000 }, newOtpCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true); // ~10% of draws
    expect(codes.some((c) => c.startsWith('9'))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(2950);
  });

  it('are stored bound to their account', () => {
    expect(hashOtpCode('user-a', '123456')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOtpCode('user-a', '123456')).toBe(hashOtpCode('user-a', '123456'));
    expect(hashOtpCode('user-a', '123456')).not.toBe(hashOtpCode('user-b', '123456'));
    expect(hashOtpCode('user-a', '123456')).not.toBe(hashOtpCode('user-a', '123457'));
  });

  it('compare digests in constant time, refusing empty or mismatched lengths', () => {
    const d = sha256('x');
    expect(sameDigest(d, sha256('x'))).toBe(true);
    expect(sameDigest(d, sha256('y'))).toBe(false);
    expect(sameDigest(d, d.slice(0, 62))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
  });
});
