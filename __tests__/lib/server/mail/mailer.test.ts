/** @jest-environment node */
/**
 * The mail outbox (lib/server/mail/mailer.ts) over the real database and a real SMTP server:
 * a mail exists only if the transaction that wrote it commits; it is sent once, with a
 * Message-ID made from its outbox id, and its text forgotten after; the server's workers
 * (lib/server/jobs/background.ts on pg-boss) send it without anyone asking, and when the SMTP
 * server is down they retry until it is back, without sending anything twice. Without SMTP_URL
 * the mail goes to the dev outbox file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { getDatabase, getDb } from '@/lib/server/db/client';
import { mailOutbox } from '@/lib/server/db/schema';
import { reloadConfig } from '@/lib/server/config';
import { startBackgroundWork } from '@/lib/server/jobs/background';
import { stopJobs } from '@/lib/server/jobs/queue';
import { closeMail, deliverQueuedMail, enqueueMail, mailIdle } from '@/lib/server/mail/mailer';
import { readOutbox } from '@/lib/server/mail/outbox';
import { startMailCatcher, type MailCatcher } from '../../../../e2e/mail-catcher';
import { closeTestDatabase, openTestDatabase } from '../../../helpers/db';

const saved = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-outbox-'));
let catcher: MailCatcher;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

function useSmtp(url: string): void {
  process.env.SMTP_URL = url;
  reloadConfig();
  closeMail();
}

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  catcher = await startMailCatcher();
  useSmtp(catcher.smtpUrl);
  await openTestDatabase();
});

afterAll(async () => {
  await stopJobs();
  closeMail();
  await catcher.close();
  await closeTestDatabase();
  process.env = { ...saved };
  reloadConfig();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The queue's job for an outbox row (pg-boss keeps jobs in its own schema). */
const jobOf = async (id: string) => (await (await getDatabase()).raw('select name, state from pgboss.job where id = $1', [id])).rows;

const to = () => `ada.${unique()}@example.com`;
const mailsTo = (address: string) => catcher.inbox.filter((m) => m.to.includes(address));

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the outbox', () => {
  it('keeps nothing of a transaction that rolls back: no row, no job, no mail', async () => {
    const db = await getDb();
    const address = to();
    let id = '';
    await expect(
      db.transaction(async (tx) => {
        id = await enqueueMail(tx, 'otp', { to: address, subject: 'Rolled back', text: 'code 111111' });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await mailIdle();
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.id, id))).toEqual([]);
    expect(await jobOf(id)).toEqual([]);
    expect(mailsTo(address)).toEqual([]);
  });

  it('sends a committed mail once, with its outbox id as Message-ID, then forgets its text', async () => {
    const db = await getDb();
    const address = to();
    const id = await db.transaction((tx) => enqueueMail(tx, 'otp', { to: address, subject: 'Your code', text: 'Your code is 424242' }));
    const [queued] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(queued).toMatchObject({ kind: 'otp', subject: 'Your code', sentAt: null, message: { to: address, text: 'Your code is 424242' } });
    expect(await jobOf(id)).toEqual([{ name: 'mail', state: 'created' }]);

    await mailIdle();
    expect(mailsTo(address)).toHaveLength(1);
    expect(mailsTo(address)[0]!.raw).toContain(`Message-ID: <${id}@localhost>`);
    expect(mailsTo(address)[0]!.raw).toContain('Your code is 424242');
    const [sent] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(sent).toMatchObject({ sentAt: expect.any(Date), message: null, subject: 'Your code', attempts: 1, lastError: null });

    // The queue's job for it comes later and finds it sent: nothing goes twice.
    expect(await deliverQueuedMail(db, id)).toBe('done already');
    expect(mailsTo(address)).toHaveLength(1);
  });

  it('lets one sender at a time hold a mail: a second try meanwhile is refused, and finds it sent after', async () => {
    const db = await getDb();
    const address = to();
    const id = await db.transaction((tx) => enqueueMail(tx, 'order-paid', { to: address, subject: 'Paid', text: 'Thank you' }));
    const [first, second] = await Promise.allSettled([deliverQueuedMail(db, id), deliverQueuedMail(db, id)]);
    const outcomes = [first, second].map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)).sort();
    expect(outcomes[1]).toBe('sent');
    expect(['done already', 'Another sender holds this mail']).toContain(outcomes[0]);
    await mailIdle();
    expect(mailsTo(address)).toHaveLength(1);
  });

  it('records a failed send by its error class, frees the mail for a retry, and never logs more', async () => {
    const db = await getDb();
    const address = to();
    useSmtp('smtp://127.0.0.1:9'); // nothing listens on the discard port: refused
    try {
      const id = await db.transaction((tx) => enqueueMail(tx, 'otp', { to: address, subject: 'Code', text: 'code 999999' }));
      await expect(deliverQueuedMail(db, id)).rejects.toThrow();
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ sentAt: null, claimedUntil: null, attempts: 1, message: { text: 'code 999999' } });
      expect(row!.lastError).toMatch(/ESOCKET|ECONNREFUSED/);
      expect(row!.lastError).not.toContain(address);
      useSmtp(catcher.smtpUrl);
      expect(await deliverQueuedMail(db, id)).toBe('sent');
      expect(mailsTo(address)).toHaveLength(1);
    } finally {
      useSmtp(catcher.smtpUrl);
    }
  });
});

describe("the server's workers", () => {
  afterEach(() => stopJobs());

  it('send queued mail by themselves; with the SMTP server down they retry until it is back, each mail once', async () => {
    const db = await getDb();
    const down = await startMailCatcher();
    const address = to();
    const downUrl = down.smtpUrl;
    await down.close(); // the port now refuses: the mail server is down
    useSmtp(downUrl);
    const ids = await db.transaction(async (tx) => [
      await enqueueMail(tx, 'order-paid', { to: address, subject: 'Paid 1', text: 'one' }),
      await enqueueMail(tx, 'order-paid', { to: address, subject: 'Paid 2', text: 'two' }),
    ]);
    await startBackgroundWork();
    // The first attempts fail (refused)...
    await waitFor(async () => (await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids))).every((r) => r.attempts >= 1 && r.lastError), 15_000);
    // ...then the server is back on another port (as after a restart): the retries deliver.
    useSmtp(catcher.smtpUrl);
    await waitFor(() => mailsTo(address).length >= 2, 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo(address).map((m) => /Subject: (.*)/.exec(m.raw)?.[1]).sort()).toEqual(['Paid 1', 'Paid 2']);
    const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.sentAt && !r.message)).toBe(true);
  }, 60_000);
});

describe('without SMTP_URL', () => {
  it('files the mail in the dev outbox under its outbox id', async () => {
    useSmtp('');
    try {
      const db = await getDb();
      const address = to();
      const id = await db.transaction((tx) => enqueueMail(tx, 'otp', { to: address, subject: 'Filed', text: 'code 123123' }));
      await mailIdle();
      const [entry] = await readOutbox(dataDir, { to: address });
      expect(entry).toMatchObject({ id, to: address, subject: 'Filed', text: 'code 123123' });
    } finally {
      useSmtp(catcher.smtpUrl);
    }
  });
});
