/**
 * Links in the shop's e-mails that act without a sign-in: the link is signed for what it names
 * (an address and a topic to stop, a reminder to fill the cart from, an order to be reminded
 * of), so that it works for guests, whose proof is that the e-mail reached them. Each kind of
 * link is signed apart (`kind` is in the signed text): one kind's link is never another's.
 *
 * The key is made once per shop and kept in the settings table ('mail-link-key'), so that every
 * instance and every restart signs and checks alike and an operator configures nothing. A link
 * never expires: last year's e-mail must still work.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { settings } from '@/lib/server/db/schema';

const KEY_SETTING = 'mail-link-key';
/** Longer is never one of ours (and is not worth a parse). */
const MAX_TOKEN = 600;

export type LinkKind = 'unsubscribe' | 'reminder' | 'remind-order';

/** The shop's key for signing e-mail links: made by the first caller, the same for every instance after. */
async function linkKey(db: Db): Promise<Buffer> {
  const read = async () => (await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY_SETTING)))[0];
  let row = await read();
  if (!row) {
    // Two first callers at once: one insert wins, both read the winner's key.
    await db.insert(settings).values({ key: KEY_SETTING, value: { key: randomBytes(32).toString('base64url') } }).onConflictDoNothing();
    row = await read();
  }
  return Buffer.from((row!.value as { key: string }).key, 'base64url');
}

function signature(key: Buffer, kind: LinkKind, payload: string): Buffer {
  return createHmac('sha256', key).update(`${kind}:${payload}`).digest().subarray(0, 16);
}

/** A token for `fields` as a `kind` link: `<payload>.<signature>`, both base64url. */
export async function signLink(db: Db, kind: LinkKind, fields: Record<string, string>): Promise<string> {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${signature(await linkKey(db), kind, payload).toString('base64url')}`;
}

/** The fields a `kind` token was signed with, or null for anything else (edited, cut short, another kind, not ours). */
export async function readLink(db: Db, kind: LinkKind, token: string): Promise<Record<string, unknown> | null> {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined || token.length > MAX_TOKEN) return null;
  const expected = signature(await linkKey(db), kind, payload);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const fields: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return fields && typeof fields === 'object' && !Array.isArray(fields) ? (fields as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
