/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { outboxFile, readOutbox, writeToOutbox, type OutboxEntry } from '@/lib/server/mail/outbox';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const entry = (n: number, to: string): OutboxEntry => ({ id: `m${n}`, at: new Date(2026, 0, 1, 0, n).toISOString(), from: 'Shop <s@x.co>', to, subject: `S${n}`, text: `T${n}` });

describe('dev outbox', () => {
  it('is empty before the first mail', async () => {
    expect(await readOutbox(dir)).toEqual([]);
  });

  it('keeps one JSON line per mail and reads them newest first', async () => {
    for (let n = 1; n <= 3; n++) await writeToOutbox(dir, entry(n, n === 2 ? 'Bola@Example.com' : 'ada@example.com'));
    expect(fs.readFileSync(outboxFile(dir), 'utf8').trim().split('\n')).toHaveLength(3);
    expect((await readOutbox(dir)).map((e) => e.id)).toEqual(['m3', 'm2', 'm1']);
    expect((await readOutbox(dir, { to: 'bola@example.COM' })).map((e) => e.id)).toEqual(['m2']);
    expect((await readOutbox(dir, { limit: 2 })).map((e) => e.id)).toEqual(['m3', 'm2']);
  });

  it('skips a torn line', async () => {
    await writeToOutbox(dir, entry(1, 'a@b.co'));
    fs.appendFileSync(outboxFile(dir), '{"id":"half\n');
    await writeToOutbox(dir, entry(2, 'a@b.co'));
    expect((await readOutbox(dir)).map((e) => e.id)).toEqual(['m2', 'm1']);
  });
});
