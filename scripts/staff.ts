/**
 * Staff commands. `add` (`npm run staff:add -- --email … --name "…" --role owner [--branch lagos]
 * [--password-stdin]`): see scripts/staff-command.ts. Migrates the database first, like
 * scripts/db.ts; uses DATABASE_URL, or the embedded database under DATA_DIR (stop the shop
 * first: one process owns the embedded database at a time).
 */
import { openConfiguredDatabase } from '@/lib/server/db/client';
import { migrateDatabase } from '@/lib/server/db/prepare';
import { mailIdle } from '@/lib/server/mail/mailer';
import { staffAdd, STAFF_ADD_USAGE } from './staff-command';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (command !== 'add') {
    console.error(`Unknown command "${command ?? ''}" (use add)\n${STAFF_ADD_USAGE}`);
    return 1;
  }
  const database = await openConfiguredDatabase();
  try {
    await migrateDatabase(database);
    return await staffAdd(database.db, args, { readStdin, out: (line) => console.log(line), err: (line) => console.error(line) });
  } finally {
    await mailIdle();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
