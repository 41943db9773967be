/**
 * Saying no to the shop's e-mails that a shopper did not ask for one by one: the note about an
 * unfinished payment, occasion reminders. Each such e-mail carries a link signed for its address
 * and topic, so it works for guests (the link proves the address, as the e-mail reached it) and
 * needs no sign-in; mail programs offer it as an "Unsubscribe" button (RFC 8058 one-click: a
 * POST with `List-Unsubscribe=One-Click`, no page, no confirmation), and the same link opens a
 * page for people (pages/unsubscribe.tsx) that also offers "everything of this kind".
 *
 * The signing key is made once per shop and kept in the settings table ('mail-link-key'), so
 * every instance and every restart signs and checks alike and an operator configures nothing.
 * A link never expires: an unsubscribe link from last year's e-mail must still work.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { mailOptOuts, settings } from '@/lib/server/db/schema';

/** What an address can say no to; 'reminder:<id>' is one occasion's reminders. */
export type OptOutTopic = 'recovery' | 'reminders' | 'all' | `reminder:${string}`;

const TOPIC = /^(recovery|reminders|all|reminder:[0-9a-f-]{36})$/;
const KEY_SETTING = 'mail-link-key';

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

function signature(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`unsubscribe:${payload}`).digest().subarray(0, 16);
}

/** A link token for `email` and `topic`: `<payload>.<signature>`, both base64url. */
export async function optOutToken(db: Db, email: string, topic: OptOutTopic): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ e: email.toLowerCase(), t: topic })).toString('base64url');
  return `${payload}.${signature(await linkKey(db), payload).toString('base64url')}`;
}

/** The address and topic a token was signed for, or null for anything else (edited, cut short, not ours). */
export async function readOptOutToken(db: Db, token: string): Promise<{ email: string; topic: OptOutTopic } | null> {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined || token.length > 600) return null;
  const expected = signature(await linkKey(db), payload);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { e, t } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e?: unknown; t?: unknown };
    if (typeof e !== 'string' || !e.includes('@') || typeof t !== 'string' || !TOPIC.test(t)) return null;
    return { email: e, topic: t as OptOutTopic };
  } catch {
    return null;
  }
}

/** The page a person opens from the e-mail, and the address mail programs POST to (one-click). */
export function optOutLinks(token: string): { page: string; oneClick: string } {
  const site = getConfig().siteUrl;
  const t = encodeURIComponent(token);
  return { page: `${site}/unsubscribe?t=${t}`, oneClick: `${site}/v1/mail/unsubscribe?t=${t}` };
}

/** The RFC 8058 headers: mail programs show an "Unsubscribe" button that POSTs to the one-click address. */
export function optOutHeaders(token: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${optOutLinks(token).oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Records that `email` wants no more of `topic` (saying it twice is fine). */
export async function optOut(db: Db, email: string, topic: OptOutTopic): Promise<void> {
  await db.insert(mailOptOuts).values({ email: email.toLowerCase(), topic }).onConflictDoNothing();
}

/** Whether `email` said no to any of `topics` ('all' always counts). */
export async function optedOut(db: Db, email: string, topics: OptOutTopic[]): Promise<boolean> {
  const rows = await db
    .select({ topic: mailOptOuts.topic })
    .from(mailOptOuts)
    .where(and(eq(mailOptOuts.email, email.toLowerCase()), inArray(mailOptOuts.topic, [...new Set<string>([...topics, 'all'])])))
    .limit(1);
  return rows.length > 0;
}
