/**
 * Reading the e-mails a test's SMTP catcher received (e2e/mail-catcher.ts), and serving the API
 * with its mail going there: for the tests of the shop's own e-mails (reminders, unfinished
 * payments), which check headers such as RFC 8058's and follow the links in the text.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDb, type Db } from '@/lib/server/db/client';
import { reloadConfig } from '@/lib/server/config';
import { closeMail } from '@/lib/server/mail/mailer';
import { startMailCatcher, type MailCatcher } from '../../e2e/mail-catcher';
import { closeTestDatabase, openTestDatabase } from './db';
import { startApiServer, type ApiServer } from './api-server';
import { httpCaller } from './orders';

export { mailHeader } from '../../e2e/mail-catcher';

/** The message with quoted-printable undone (its escapes are UTF-8 bytes). */
export function mailBody(raw: string): string {
  const soft = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? /^[0-9A-F]{2}/.exec(soft.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Call once at the top of a test file: the database, the API over real HTTP and an SMTP catcher
 * that the shop's mail goes to (started in `beforeAll`, stopped in `afterAll`).
 */
export function serveWithMail(name: string) {
  const saved = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const served = {} as { catcher: MailCatcher; api: ApiServer; db: Db };

  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    served.catcher = await startMailCatcher();
    process.env.SMTP_URL = served.catcher.smtpUrl;
    reloadConfig();
    closeMail();
    await openTestDatabase();
    served.db = await getDb();
    served.api = await startApiServer();
  });

  afterAll(async () => {
    await served.api?.close();
    closeMail();
    await served.catcher?.close();
    await closeTestDatabase();
    process.env = { ...saved };
    reloadConfig();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    served,
    call: httpCaller(() => served.api.url),
    /** The mails the catcher got for `address`, oldest first. */
    mailsTo: (address: string) => served.catcher.inbox.filter((m) => m.to.includes(address.toLowerCase())),
  };
}
