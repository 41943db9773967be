/**
 * Saying no to the shop's e-mails that a shopper did not ask for one by one: the note about an
 * unfinished payment, occasion reminders. Each such e-mail carries a link signed for its address
 * and topic, so it works for guests (the link proves the address, as the e-mail reached it) and
 * needs no sign-in; mail programs offer it as an "Unsubscribe" button (RFC 8058 one-click: a
 * POST with `List-Unsubscribe=One-Click`, no page, no confirmation), and the same link opens a
 * page for people (pages/unsubscribe.tsx) that also offers "everything of this kind".
 * The links are signed (lib/server/mail/signed-links.ts) and never expire.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { mailOptOuts } from '@/lib/server/db/schema';
import { readLink, signLink } from '@/lib/server/mail/signed-links';

/** What an address can say no to; 'reminder:<id>' is one occasion's reminders. */
export type OptOutTopic = 'recovery' | 'reminders' | 'all' | `reminder:${string}`;

const TOPIC = /^(recovery|reminders|all|reminder:[0-9a-f-]{36})$/;

/** A link token for `email` and `topic` (lib/server/mail/signed-links.ts). */
export function optOutToken(db: Db, email: string, topic: OptOutTopic): Promise<string> {
  return signLink(db, 'unsubscribe', { e: email.toLowerCase(), t: topic });
}

/** The address and topic a token was signed for, or null for anything else (edited, cut short, not ours). */
export async function readOptOutToken(db: Db, token: string): Promise<{ email: string; topic: OptOutTopic } | null> {
  const fields = await readLink(db, 'unsubscribe', token);
  const { e, t } = fields ?? {};
  if (typeof e !== 'string' || !e.includes('@') || typeof t !== 'string' || !TOPIC.test(t)) return null;
  return { email: e, topic: t as OptOutTopic };
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
