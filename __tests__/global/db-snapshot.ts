/**
 * Writes the embedded database the tests start from: migrated and seeded once, its files as one
 * tar file at the path given (run by __tests__/global/setup.js before the test files). Opening a
 * file's database from it skips PGlite's initdb, the migrations and the seed: about 4 s a file.
 */
import fs from 'node:fs';
import { openDatabase } from '@/lib/server/db/client';
import { prepareDatabase } from '@/lib/server/db/prepare';

void (async () => {
  const out = process.argv[2];
  if (!out) throw new Error('usage: db-snapshot.ts OUT.tar');
  const database = await openDatabase({});
  await prepareDatabase(database);
  const tar = await database.dumpDataDir!();
  fs.writeFileSync(out, Buffer.from(await tar.arrayBuffer()));
  await database.close();
})().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
