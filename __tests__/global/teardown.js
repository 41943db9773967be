// Removes the embedded database copy ./setup.js made (not one given from outside).
const fs = require('node:fs');
const path = require('node:path');

module.exports = async () => {
  const file = process.env.TEST_PGLITE_SNAPSHOT;
  if (!file || process.env.TEST_PGLITE_SNAPSHOT_OWNED !== '1') return;
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
};
