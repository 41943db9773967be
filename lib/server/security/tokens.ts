/**
 * Secrets handed to clients: bearer tokens (32 random bytes, base64url) and six-digit one-time
 * passwords. The database keeps only their SHA-256, so a leaked table lets nobody log in.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A new bearer token: 32 random bytes as base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Hex SHA-256 of a string: how tokens, codes and rate-limit keys are stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** The stored form of a bearer token. */
export const hashToken = (token: string): string => sha256(`token:${token}`);

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Whether a string can be one of our tokens (saves a query for garbage). */
export function isTokenShaped(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** The token of an `Authorization: Bearer …` header, or null when there is none. */
export function bearerToken(req: Pick<IncomingMessage, 'headers'>): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** A new six-digit one-time password, uniformly drawn ("000000" to "999999"). */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The stored form of a one-time password, bound to its account so that equal codes of two
 * accounts differ. (Six digits are quick to brute-force offline; the code's 10-minute life and
 * the 5-try limit are what protect it.)
 */
export const hashOtpCode = (userId: string, code: string): string => sha256(`otp:${userId}:${code}`);

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
