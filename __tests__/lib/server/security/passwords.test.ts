/** @jest-environment node */
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from '@/lib/server/security/passwords';

describe('password hashing', () => {
  it('makes salted argon2id PHC strings with m=19456, t=2, p=1', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b); // a fresh salt each time
    expect(a).not.toContain('correct horse');
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse ')).toBe(false);
    expect(await verifyPassword(stored, 'Correct horse')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('handles non-ASCII passwords', async () => {
    const stored = await hashPassword('ọ̀rọ̀ aṣínà ₦');
    expect(await verifyPassword(stored, 'ọ̀rọ̀ aṣínà ₦')).toBe(true);
    expect(await verifyPassword(stored, 'oro asina N')).toBe(false);
  });

  it('answers false, never throws, for a malformed stored hash', async () => {
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(await verifyPassword('', 'x')).toBe(false);
  });

  it('spends a verification for unknown accounts and always says no', async () => {
    expect(await verifyNothing('anything')).toBe(false);
    expect(await verifyNothing('')).toBe(false);
  });

  it('asks for a rehash when the parameters are not today’s', async () => {
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    const { hash } = await import('@node-rs/argon2');
    expect(needsRehash(await hash('x', { memoryCost: 8192, timeCost: 2, parallelism: 1 }))).toBe(true);
    expect(needsRehash('garbage')).toBe(true);
  });
});
