/**
 * `GET /v1/mail/unsubscribe?t={token}` and `POST` (lib/server/mail/opt-out.ts): what an e-mail's
 * unsubscribe link is about, and saying no to it. The token is the link's own; the address is
 * shown masked ('a•••@example.com'), as the page may be open on a shared screen.
 */
export type OptOutScope = 'this' | 'all';

export type UnsubscribeView = {
  /** The address, masked. */
  email: string;
  /** 'recovery', 'reminders', 'reminder:<id>', 'all'. */
  topic: string;
  /** What the link's topic covers, in words ('e-mails about orders you have not finished paying for'). */
  about: string;
  /** Whether the address said no to this topic (or to all) already. */
  optedOut: boolean;
  /** Whether it said no to everything. */
  optedOutOfAll: boolean;
};

/** What each topic covers, in the page's words. */
export function optOutTopicText(topic: string): string {
  if (topic === 'recovery') return 'e-mails about orders you have not finished paying for';
  if (topic === 'reminders') return 'occasion reminders';
  if (topic.startsWith('reminder:')) return 'this occasion reminder';
  return 'e-mails you did not ask for one by one';
}

/** What "all" covers: everything but what the shopper asks for or must get (`ALL_TOPICS_NOTE`). */
export const ALL_TOPICS_TEXT = 'reminders and notes about unfinished orders';
export const ALL_TOPICS_NOTE = 'You will still get receipts, delivery news and the codes you ask for.';

/** 'a•••@example.com'. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}
