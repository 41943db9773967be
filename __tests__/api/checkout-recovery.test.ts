/** @jest-environment node */
/**
 * Unfinished payments (issue 18; lib/server/services/orders/recovery.ts) and saying no to such
 * e-mails (lib/server/mail/opt-out.ts, /v1/mail/unsubscribe), over the real database, real HTTP
 * to the API routes and a real SMTP server, with the clock injected (`sendRecoveryMails(db, at)`, run by `runRecovery`;
 * the dev route POST /api/dev/run-job does the same for browser tests).
 *
 * - An order at the payment stage for an hour gets one e-mail: a link to its payment stage, the
 *   branch's WhatsApp, RFC 8058 unsubscribe headers. Never twice, never before the hour, never
 *   once paid, cancelled, waiting for the shop's quote or past its delivery day, never without
 *   an e-mail, never to an address that said no.
 * - The one-click POST and the page's form stop them; a link that was edited is a 400 and
 *   changes nothing; GET changes nothing.
 * - The back office's board and order page say which orders were reminded and recovered.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { mailOptOuts, orders } from '@/lib/server/db/schema';
import { mailIdle } from '@/lib/server/mail/mailer';
import { optOutToken } from '@/lib/server/mail/opt-out';
import { RECOVERY_AFTER_MINUTES, sendRecoveryMails } from '@/lib/server/services/orders/recovery';
import { readBoard } from '@/lib/server/services/backoffice/board';
import { readStaffOrder } from '@/lib/server/services/backoffice/staff-order';
import { readShopDetails } from '@/lib/server/services/settings';
import { shopDay } from '@/lib/domain/dates';
import { addDays } from '@/lib/domain/checkout';
import { mailBody, mailHeader, serveWithMail } from '../helpers/mail';
import { placedOrder, setStatus, tag } from '../helpers/orders';

const { served, call, mailsTo } = serveWithMail('recovery');
let db: Db;
beforeAll(() => {
  db = served.db;
});

const MINUTE = 60_000;
/**
 * The clock of each test: 400 days ahead, so that on a shared PostgreSQL other files' orders
 * (delivery days of this year) are past their day and not due, and never due at an earlier `now`.
 */
const NOW = new Date(Date.now() + 400 * 24 * 60 * MINUTE);

/**
 * The scheduled run at `at`, again until a run sends nothing: a run takes the 100 longest
 * waiting, and on a shared database other files' orders without a day may come first.
 */
async function runRecovery(at: Date): Promise<void> {
  for (let run = 0; run < 50; run++) if ((await sendRecoveryMails(db, at)).sent === 0) return;
}

/** An order whose sender reached the payment stage `minutesAgo` before NOW, delivered in two days. */
async function waitingOrder(minutesAgo: number, spec: Parameters<typeof placedOrder>[1] = {}) {
  const order = await placedOrder(db, { sender: { name: 'Adaeze Okafor', email: `adaeze.${tag()}@example.com`, phone: '8031234567' }, ...spec });
  await db
    .update(orders)
    .set({ checkedOutAt: new Date(NOW.getTime() - minutesAgo * MINUTE), deliveryDate: addDays(shopDay(NOW), 2) })
    .where(eq(orders.id, order.id));
  return order;
}

describe('the one e-mail about an unfinished payment', () => {
  it('goes once, after the hour, with the payment stage link, WhatsApp and one-click unsubscribe headers', async () => {
    const early = await waitingOrder(RECOVERY_AFTER_MINUTES - 5);
    const due = await waitingOrder(RECOVERY_AFTER_MINUTES + 1);

    await runRecovery(NOW);
    await mailIdle();
    expect(mailsTo(early.sender.email)).toEqual([]);
    const [mail, ...more] = mailsTo(due.sender.email);
    expect(more).toEqual([]);
    expect(mailHeader(mail!.raw, 'Subject')).toBe(`Regal Flowers: order ${due.orderNumber} is waiting for payment`);
    const text = mailBody(mail!.raw);
    expect(text).toContain(`/checkout?orderId=${due.id}&stage=payment`);
    const { details } = await readShopDetails(db);
    expect(text).toContain(`https://wa.me/${details.branches.lagos.whatsapp.replace(/\D/g, '')}?text=`);
    const unsubscribe = mailHeader(mail!.raw, 'List-Unsubscribe');
    expect(unsubscribe).toMatch(/^<http:\/\/[^>]+\/v1\/mail\/unsubscribe\?t=[\w%.-]+>$/);
    expect(mailHeader(mail!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // The next runs (every 5 minutes) send nothing more for it; the early one's hour comes later.
    await runRecovery(new Date(NOW.getTime() + 5 * MINUTE));
    await runRecovery(new Date(NOW.getTime() + 10 * MINUTE));
    await mailIdle();
    expect(mailsTo(due.sender.email)).toHaveLength(1);
    expect(mailsTo(early.sender.email)).toHaveLength(1);
  });

  it('never goes to a paid, cancelled, quoted, past or e-mail-less order', async () => {
    const paid = await waitingOrder(90);
    await setStatus(db, paid.id, 'paid', 'paid', 'paystack');
    const cancelled = await waitingOrder(90);
    await setStatus(db, cancelled.id, 'cancelled');
    const announced = await waitingOrder(90);
    await setStatus(db, announced.id, 'awaiting_payment', 'awaiting_confirmation');
    const quoted = await waitingOrder(90);
    await db.update(orders).set({ deliveryFeeQuotedByStaff: true }).where(eq(orders.id, quoted.id));
    const past = await waitingOrder(90);
    await db.update(orders).set({ deliveryDate: addDays(shopDay(NOW), -1) }).where(eq(orders.id, past.id));
    const noEmail = await waitingOrder(90);
    await db.update(orders).set({ senderEmail: '' }).where(eq(orders.id, noEmail.id));
    const control = await waitingOrder(90);

    await runRecovery(NOW);
    await mailIdle();
    for (const order of [paid, cancelled, announced, quoted, past]) expect([order.orderNumber, mailsTo(order.sender.email)]).toEqual([order.orderNumber, []]);
    expect(served.catcher.inbox.filter((m) => mailBody(m.raw).includes(noEmail.orderNumber))).toEqual([]);
    expect(mailsTo(control.sender.email)).toHaveLength(1);
  });

  it('is written with its mark in one transaction: paid between the scan and the write, nothing goes', async () => {
    const order = await waitingOrder(90);
    // The order is paid just before its e-mail is written: the locked re-check sees it.
    const { sendRecoveryMail } = await import('@/lib/server/services/orders/recovery');
    await setStatus(db, order.id, 'paid', 'paid', 'paystack');
    expect(await sendRecoveryMail(db, order.id, NOW)).toBe(false);
    const [row] = await db.select({ at: orders.recoveryMailedAt }).from(orders).where(eq(orders.id, order.id));
    expect(row!.at).toBeNull();
  });
});

describe('saying no', () => {
  it('the one-click POST (RFC 8058) stops them for that address, guests included; the next order gets none', async () => {
    const first = await waitingOrder(90);
    await runRecovery(NOW);
    await mailIdle();
    const target = mailHeader(mailsTo(first.sender.email)[0]!.raw, 'List-Unsubscribe')!.slice(1, -1);
    const { pathname, search } = new URL(target);

    // Opening the link changes nothing (mail scanners open links).
    const view = await call<{ email: string; topic: string; optedOut: boolean }>('GET', `${pathname}${search}`);
    expect(view.status).toBe(200);
    expect(view.headers.get('cache-control')).toBe('private, no-store');
    expect(view.body.data).toMatchObject({ email: `a•••@example.com`, topic: 'recovery', optedOut: false });

    const res = await fetch(`${served.api.url}${pathname}${search}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    expect(await db.select({ topic: mailOptOuts.topic }).from(mailOptOuts).where(eq(mailOptOuts.email, first.sender.email))).toEqual([{ topic: 'recovery' }]);

    const second = await waitingOrder(90, { sender: { name: 'Adaeze Okafor', email: first.sender.email.toUpperCase(), phone: '8031234567' } });
    await runRecovery(NOW);
    await mailIdle();
    expect(mailsTo(first.sender.email)).toHaveLength(1);
    const [row] = await db.select({ at: orders.recoveryMailedAt }).from(orders).where(eq(orders.id, second.id));
    expect(row!.at).toBeNull();
  });

  it("the page's form: 'all' stops every such e-mail and sends the browser back to the page (303)", async () => {
    const order = await waitingOrder(90);
    const token = await optOutToken(db, order.sender.email, 'recovery');
    const res = await fetch(`${served.api.url}/v1/mail/unsubscribe?t=${encodeURIComponent(token)}&to=page`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: served.api.url },
      body: 'scope=all',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/unsubscribe?t=${encodeURIComponent(token)}&done=all`);
    expect(await db.select({ topic: mailOptOuts.topic }).from(mailOptOuts).where(eq(mailOptOuts.email, order.sender.email))).toEqual([{ topic: 'all' }]);
    await runRecovery(NOW);
    await mailIdle();
    expect(mailsTo(order.sender.email)).toEqual([]);
  });

  it('an edited or foreign link is a 400 with a message and records nothing; a bad scope is a 400', async () => {
    const email = `guest.${tag()}@example.com`;
    const token = await optOutToken(db, email, 'recovery');
    const [payload, sig] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ e: `other.${tag()}@example.com`, t: 'all' })).toString('base64url')}.${sig}`;
    for (const t of [forged, `${payload}.${sig!.slice(0, -2)}AA`, 'nonsense', `${token}.x`]) {
      const res = await call('POST', `/v1/mail/unsubscribe?t=${encodeURIComponent(t)}`, { body: { scope: 'all' } });
      expect([t, res.status, res.body.message]).toEqual([t, 400, 'This unsubscribe link is not valid. Please use the link in your latest e-mail from us, or reply to it.']);
    }
    const missing = await call('POST', '/v1/mail/unsubscribe', { body: {} });
    expect(missing.status).toBe(400);
    const badScope = await call('POST', `/v1/mail/unsubscribe?t=${encodeURIComponent(token)}`, { body: { scope: 'everything' } });
    expect([badScope.status, badScope.body.message]).toEqual([400, 'scope must be "this" or "all"']);
    expect(await db.select().from(mailOptOuts).where(eq(mailOptOuts.email, email))).toEqual([]);
  });
});

describe('the back office', () => {
  it("shows 'Reminder sent' on the board and the order, and 'Recovered' once it is paid after it", async () => {
    const order = await waitingOrder(90);
    await runRecovery(NOW);
    const viewer = { id: 'owner', role: 'owner' as const, branch: null };
    const rowOf = async () => (await readBoard(db, { day: null, branch: null, state: null, q: order.orderNumber, page: 1, scope: null })).rows;
    expect((await rowOf()).map((r) => r.recovery)).toEqual(['mailed']);
    expect((await readStaffOrder(db, order.id, viewer)).recovery).toEqual({ mailedAt: NOW.toISOString(), state: 'mailed' });

    await setStatus(db, order.id, 'paid', 'paid', 'paystack');
    expect((await rowOf()).map((r) => r.recovery)).toEqual(['recovered']);
    expect((await readStaffOrder(db, order.id, viewer)).recovery).toEqual({ mailedAt: NOW.toISOString(), state: 'recovered' });
  });
});

describe('the dev route that runs the job as at a time', () => {
  it('runs the scan at the time given; a bad body is a 400', async () => {
    const order = await waitingOrder(30);
    const at = new Date(NOW.getTime() + 31 * MINUTE).toISOString();
    const res = await call<{ sent: number }>('POST', '/api/dev/run-job', { body: { job: 'checkout-recovery', at } });
    expect(res.status).toBe(200);
    expect(res.body.data.sent).toBeGreaterThanOrEqual(1);
    const [row] = await db.select({ at: orders.recoveryMailedAt }).from(orders).where(eq(orders.id, order.id));
    expect(row!.at?.toISOString()).toBe(at);
    expect((await call('POST', '/api/dev/run-job', { body: { job: 'everything' } })).status).toBe(400);
    expect((await call('POST', '/api/dev/run-job', { body: { job: 'checkout-recovery', at: 'tomorrow' } })).status).toBe(400);
  });
});
