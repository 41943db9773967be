/**
 * The dev outbox: with no `SMTP_URL`, every e-mail is appended as one JSON line to
 * `DATA_DIR/outbox/mail.jsonl`, where `/dev/outbox` (outside production) and tests read it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { MailMessage } from '@/lib/server/mail/message';

export type OutboxEntry = MailMessage & { id: string; at: string; from: string };

export function outboxFile(dataDir: string): string {
  return path.join(dataDir, 'outbox', 'mail.jsonl');
}

/** Appends one message to the outbox. */
export async function writeToOutbox(dataDir: string, entry: OutboxEntry): Promise<void> {
  const file = outboxFile(dataDir);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
}

/** The newest messages first, optionally only those to one address (case-insensitive). */
export async function readOutbox(dataDir: string, options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  let content: string;
  try {
    content = await fs.promises.readFile(outboxFile(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const to = options.to?.trim().toLowerCase();
  const entries: OutboxEntry[] = [];
  for (const line of content.split('\n').reverse()) {
    if (!line.trim()) continue;
    let entry: OutboxEntry;
    try {
      entry = JSON.parse(line) as OutboxEntry;
    } catch {
      continue; // a torn line from a crash: skip it
    }
    if (to && entry.to.toLowerCase() !== to) continue;
    entries.push(entry);
    if (entries.length >= (options.limit ?? 50)) break;
  }
  return entries;
}
