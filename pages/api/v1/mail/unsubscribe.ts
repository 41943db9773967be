import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { HttpError } from '@/lib/server/http/errors';
import { optedOut, optOut, readOptOutToken, type OptOutTopic } from '@/lib/server/mail/opt-out';
import { maskEmail, optOutTopicText, type OptOutScope, type UnsubscribeView } from '@/lib/contracts/unsubscribe';
import type { Db } from '@/lib/server/db/client';

export const config = { api: { bodyParser: false } };

export const INVALID_LINK = 'This unsubscribe link is not valid. Please use the link in your latest e-mail from us, or reply to it.';

const tokenQuery = z.object({
  t: z.string({ message: 'The unsubscribe link is missing its code' }).min(1, 'The unsubscribe link is missing its code').max(600, INVALID_LINK),
  /** `page`: a form on /unsubscribe sent it; the answer sends the browser back there (303). */
  to: z.literal('page').optional(),
});

async function tokenOf(db: Db, t: string) {
  const read = await readOptOutToken(db, t);
  if (!read) throw new HttpError(400, INVALID_LINK);
  return read;
}

async function viewOf(db: Db, email: string, topic: OptOutTopic): Promise<UnsubscribeView> {
  return {
    email: maskEmail(email),
    topic,
    about: optOutTopicText(topic),
    optedOut: await optedOut(db, email, [topic]),
    optedOutOfAll: await optedOut(db, email, []),
  };
}

/**
 * What the request asks to stop: the link's topic, or everything (`scope=all`). Mail programs
 * send RFC 8058's `List-Unsubscribe=One-Click` form; the page's form sends `scope`; a script may
 * send JSON `{ "scope": "all" }`. Anything else is a 400: nothing is recorded on a guess.
 */
function scopeOf(req: { headers: Record<string, string | string[] | undefined> }, raw: Buffer): OptOutScope {
  const text = raw.toString('utf8').trim();
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  let fields: Record<string, unknown> = {};
  if (!text) fields = {};
  else if (type.startsWith('application/json')) {
    try {
      fields = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new HttpError(400, 'The request body is not valid JSON');
    }
  } else fields = Object.fromEntries(new URLSearchParams(text));
  // RFC 8058's `List-Unsubscribe=One-Click` (no scope) is the link's own topic.
  const scope = fields.scope ?? 'this';
  if (scope !== 'this' && scope !== 'all') throw new HttpError(400, 'scope must be "this" or "all"');
  return scope;
}

/**
 * GET /v1/mail/unsubscribe?t={token}: what the link is about (masked address, topic, whether it
 * was said already). POST: says no to it (`scope=all`: to everything such); the one-click
 * address of the e-mails' `List-Unsubscribe` header. `to=page`: answered with a 303 back to the
 * page, which then says it is done (the page works without JavaScript).
 */
export default route({
  GET: endpoint({
    query: tokenQuery,
    handle: async ({ db, query }) => {
      const { email, topic } = await tokenOf(db, query.t);
      return { data: await viewOf(db, email, topic) };
    },
  }),
  POST: endpoint({
    query: tokenQuery,
    rawBody: true,
    handle: async ({ req, db, query, rawBody }) => {
      const { email, topic } = await tokenOf(db, query.t);
      const scope = scopeOf(req, rawBody);
      await optOut(db, email, scope === 'all' ? 'all' : topic);
      const view = await viewOf(db, email, topic);
      const message = scope === 'all' ? 'You are unsubscribed from all such e-mails' : `You are unsubscribed from ${view.about}`;
      if (query.to === 'page') {
        return { data: view, message, status: 303, headers: { Location: `/unsubscribe?t=${encodeURIComponent(query.t)}&done=${scope}` } };
      }
      return { data: view, message };
    },
  }),
});
