/** @jest-environment node */
/**
 * Where mail goes and what the log may say: the recipient and subject, never the text (which holds
 * the one-time password) except in development with the outbox. Each case loads the mailer with
 * its own environment.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type * as MailerModule from '@/lib/server/mail/mailer';
import type * as OutboxModule from '@/lib/server/mail/outbox';

type Mailer = typeof MailerModule;
type Outbox = typeof OutboxModule;

const dirs: string[] = [];
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  jest.restoreAllMocks();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function load(env: Record<string, string>): Promise<{ mailer: Mailer; outbox: Outbox; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailer-'));
  dirs.push(dataDir);
  process.env = { ...saved, DATA_DIR: dataDir, SMTP_URL: '', ...env };
  let mailer!: Mailer;
  let outbox!: Outbox;
  await jest.isolateModulesAsync(async () => {
    mailer = await import('@/lib/server/mail/mailer');
    outbox = await import('@/lib/server/mail/outbox');
  });
  return { mailer, outbox, dataDir };
}

const message = { to: 'ada@example.com', subject: 'Your Regal Flowers one-time password', text: 'Your code is: 424242' };

function captureLogs() {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  jest.spyOn(console, 'log').mockImplementation(keep);
  jest.spyOn(console, 'warn').mockImplementation(keep);
  jest.spyOn(console, 'error').mockImplementation(keep);
  return lines;
}

describe('sendMail without SMTP_URL', () => {
  it('files the mail in the outbox; the log has its id and subject, never the recipient or the code, and warns once', async () => {
    const logs = captureLogs();
    const { mailer, outbox, dataDir } = await load({ NODE_ENV: 'production' });
    await mailer.sendMail(message);
    await mailer.sendMail(message);
    const [entry] = await outbox.readOutbox(dataDir);
    expect(entry).toMatchObject({ ...message, from: 'Regal Flowers <no-reply@example.com>', id: expect.any(String) });
    expect(logs.join('\n')).toContain(`outbox ${entry!.id}: "Your Regal Flowers one-time password"`);
    expect(logs.join('\n')).not.toContain('ada@example.com');
    expect(logs.join('\n')).not.toContain('424242');
    expect(logs.filter((l) => l.includes('SMTP_URL is not set'))).toHaveLength(1);
  });

  it('never logs the text, not even in development (the dev outbox page shows it)', async () => {
    const logs = captureLogs();
    const { mailer, outbox, dataDir } = await load({ NODE_ENV: 'development', MAIL_FROM: 'Shop <shop@example.org>' });
    await mailer.sendMail(message);
    expect(logs.join('\n')).toContain('Your Regal Flowers one-time password');
    expect(logs.join('\n')).not.toContain('424242');
    expect((await outbox.readOutbox(dataDir))[0]).toMatchObject({ text: message.text });
  });
});

describe('queueMail', () => {
  it('logs a failed delivery without the text and without throwing', async () => {
    const logs = captureLogs();
    // Nothing listens on port 9 of 127.0.0.1 (discard): the connection is refused.
    const { mailer } = await load({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' });
    mailer.queueMail(message);
    await mailer.mailIdle();
    mailer.closeMail();
    const log = logs.join('\n');
    expect(log).toContain('[mail] could not send "Your Regal Flowers one-time password": ');
    expect(log).toContain('code=ESOCKET');
    expect(log).not.toContain('ada@example.com');
    expect(log).not.toContain('424242');
  });
});

describe('mail and account configuration', () => {
  it('defaults to the dev outbox, a sender from the brand and contact domain, 30-day logins and no trusted proxy', async () => {
    const { parseConfig } = await import('@/lib/server/config');
    expect(parseConfig({ NODE_ENV: 'test', CONTACT_EMAIL: 'hello@regal.example', SMTP_URL: '' })).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Regal Flowers <no-reply@regal.example>',
      authTokenTtlDays: 30,
      trustProxy: 0,
    });
    expect(parseConfig({ NODE_ENV: 'test', SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: 'Shop <s@x.co>', AUTH_TOKEN_TTL_DAYS: '7', TRUST_PROXY: '2' })).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example:465',
      mailFrom: 'Shop <s@x.co>',
      authTokenTtlDays: 7,
      trustProxy: 2,
    });
    expect(parseConfig({ NODE_ENV: 'test', TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(parseConfig({ NODE_ENV: 'test', TRUST_PROXY: '' }).trustProxy).toBe(0);
  });

  it('names bad mail and account variables', async () => {
    const { parseConfig } = await import('@/lib/server/config');
    const attempt = () => parseConfig({ NODE_ENV: 'test', SMTP_URL: 'http://mail.example', AUTH_TOKEN_TTL_DAYS: '0', TRUST_PROXY: 'maybe' });
    expect(attempt).toThrow(/SMTP_URL: must look like smtp:\/\//);
    expect(attempt).toThrow(/AUTH_TOKEN_TTL_DAYS/);
    expect(attempt).toThrow(/TRUST_PROXY: must be the number of proxies/);
    // 'true' said nothing about how many proxies: it is refused rather than guessed.
    expect(() => parseConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be the number of proxies/);
  });
});
