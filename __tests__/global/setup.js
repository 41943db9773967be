// Jest's global set-up: on the embedded database (no TEST_DATABASE_URL), one migrated and seeded
// copy for every test file to open from (TEST_PGLITE_SNAPSHOT, read by __tests__/helpers/db.ts).
// The workers start after this and inherit the variable. Removed by ./teardown.js.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

module.exports = async () => {
  if (process.env.TEST_DATABASE_URL || process.env.TEST_PGLITE_SNAPSHOT) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-db-'));
  const file = path.join(dir, 'db.tar');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'db-snapshot.ts'), file], { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '' } });
  process.env.TEST_PGLITE_SNAPSHOT = file;
  process.env.TEST_PGLITE_SNAPSHOT_OWNED = '1';
};
