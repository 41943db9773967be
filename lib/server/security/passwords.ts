/**
 * Password hashing with argon2id (m=19456 KiB, t=2, p=1: OWASP's minimum recommendation), as PHC
 * strings that carry their own salt and parameters. Verification takes as long for an unknown
 * account as for a known one (`verifyNothing`), so login timing does not reveal which e-mails exist.
 */
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (a const enum, not readable under isolatedModules)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

/** Hashes a password into an argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Whether `password` matches the stored PHC string; false (never a throw) for a malformed hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/** Spends the time of one verification against a throw-away hash; always false. */
export async function verifyNothing(password: string): Promise<false> {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  await verifyPassword(await decoy, password);
  return false;
}

/** Whether a stored hash was made with other parameters than today's (rehash after login). */
export function needsRehash(stored: string): boolean {
  try {
    const o = parseOptions(stored);
    return (
      o.algorithm !== ARGON2_OPTIONS.algorithm ||
      o.memoryCost !== ARGON2_OPTIONS.memoryCost ||
      o.timeCost !== ARGON2_OPTIONS.timeCost ||
      o.parallelism !== ARGON2_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}
