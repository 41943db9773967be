// Jest through next/jest (SWC transforms, Next's module handling). Component tests run in
// jest-fixed-jsdom (jsdom with the fetch globals msw needs); API and database tests opt into
// `@jest-environment node` in their docblock.
const nextJest = require('next/jest');

const createJestConfig = nextJest({ dir: __dirname });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { customExportConditions: [''] },
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup.ts'],
  // One migrated, seeded embedded database for every test file to start from (helpers/db.ts).
  globalSetup: '<rootDir>/__tests__/global/setup.js',
  globalTeardown: '<rootDir>/__tests__/global/teardown.js',
  testMatch: ['<rootDir>/__tests__/**/*.test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/.next/'],
  testTimeout: 30000,
};

module.exports = async () => {
  const resolved = await createJestConfig(config)();
  // msw 2 and its helpers ship ESM: transform them (replacing next/jest's pattern; appending is not enough).
  resolved.transformIgnorePatterns = ['/node_modules/(?!(msw|@mswjs|@bundled-es-modules|rettime|until-async|@open-draft|headers-polyfill|outvariant|strict-event-emitter)/)'];
  return resolved;
};
