import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';
import cycles from './scripts/eslint-cycles.mjs';

// The layers of ARCHITECTURE.md ("## Layers"): which folder may import which. Each entry says
// what a folder must NOT import (everything the table does not allow it), and why; lint fails
// with that text ('import/no-restricted-paths'). Paths are from the repository root.
const CLIENT = ['./lib/domain', './lib/contracts', './lib/api', './lib/state', './lib/ui', './lib/content', './lib/seo', './components'];
const SERVER_ONLY = ['./lib/server', './lib/samples', './lib/sandbox'];
const ENTRY = ['./pages', './scripts', './bench', './e2e', './instrumentation.ts', './__tests__'];
const all = [...CLIENT, ...SERVER_ONLY, ...ENTRY];
const except = (...allowed) => all.filter((area) => !allowed.includes(area));
/** Modules a page's getServerSideProps may use (Next leaves them out of the browser bundle). */
const PAGE_FACING_SERVER = ['shell.ts', 'static-shell.ts', 'listing.ts', 'page-api.ts', 'staff-page.ts', 'account-page.ts', 'config.ts', 'operator.ts', 'security/client-ip.ts', 'mail/outbox.ts'];
/** The pages (not the API routes under pages/api). */
const PAGES = ['./pages/!(api)/**/*', './pages/*.{ts,tsx}'];
const layer = (target, from, why) => ({ target, from, message: `${why} (ARCHITECTURE.md, Layers).` });

const LAYER_ZONES = [
  layer('./lib/domain', except('./lib/domain'), 'lib/domain is pure rules and their types: it imports nothing outside lib/domain'),
  layer('./lib/contracts', except('./lib/contracts', './lib/domain'), 'lib/contracts (zod schemas) imports only lib/domain'),
  layer('./lib/api', except('./lib/api', './lib/contracts', './lib/domain'), 'lib/api (the HTTP client) imports only lib/contracts and lib/domain'),
  layer('./lib/content', except('./lib/content', './lib/contracts', './lib/domain'), 'lib/content imports only lib/contracts and lib/domain'),
  layer('./lib/seo', except('./lib/seo', './lib/contracts', './lib/domain'), 'lib/seo imports only lib/contracts and lib/domain'),
  ...['./lib/state', './lib/ui'].map((target) =>
    layer(target, except('./lib/state', './lib/ui', './lib/api', './lib/contracts', './lib/domain'), `${target.slice(2)} (browser state) imports only lib/state, lib/ui, lib/api, lib/contracts and lib/domain`),
  ),
  layer('./components', except(...CLIENT), 'components import only the browser-safe layers (lib/domain, contracts, api, state, ui, content, seo), never lib/server, lib/samples, lib/sandbox or pages'),
  layer(PAGES, ['./lib/samples', './lib/sandbox', './scripts', './bench', './e2e', './instrumentation.ts', './__tests__'], 'pages import the browser-safe layers, and server code only through lib/server in getServerSideProps'),
  {
    target: PAGES,
    from: './lib/server',
    except: PAGE_FACING_SERVER.map((file) => `./${file}`),
    message: `A page's getServerSideProps may import only lib/server/{${PAGE_FACING_SERVER.join(',')}}: its data comes through lib/api (serverApi()), never the database or the services; the one exception is staff-page.ts, which tells the back-office pages who is signed in (ARCHITECTURE.md, Layers).`,
  },
  layer('./pages/api', ['./components', './lib/state', './lib/ui', './lib/api', './lib/content', './lib/seo'], 'API routes (pages/api) import lib/server, lib/sandbox, lib/contracts and lib/domain, never browser code'),
  ...SERVER_ONLY.map((target) =>
    layer(target, ['./components', './pages', './lib/state', './lib/ui', './lib/seo', ...ENTRY.slice(1)], `${target.slice(2)} (server) never imports components, pages, lib/state, lib/ui or lib/seo`),
  ),
  {
    target: ['./lib/server/*/**/*', './lib/server/!(shell|listing|page-api).ts'],
    from: './lib/api',
    message: 'In lib/server only the page-facing modules (shell.ts, listing.ts, page-api.ts) call the API through lib/api; services use the database (ARCHITECTURE.md, Layers).',
  },
  layer('./lib/server/db/client.ts', ['./lib/server/db/prepare.ts', './lib/server/seed', './lib/samples', './lib/server/services'], 'Opening a database does not migrate or seed it: lib/server/start-up.ts does (and scripts/tests call lib/server/db/prepare.ts)'),
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Product pictures are our own generated WebP at fixed widths, served with srcset; next/image adds nothing here.
      '@next/next/no-img-element': 'off',
    },
  },
  {
    // The dependency rule: no import cycles anywhere in the app (import/no-cycle for value
    // imports, local/no-type-cycle for cycles through `import type`), no import across layers.
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    // Packages are not followed (they cannot import the app back), which also keeps lint fast.
    settings: { 'import/ignore': ['node_modules'] },
    plugins: { local: cycles },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'local/no-type-cycle': 'error',
      'import/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
    },
  },
  {
    // The back office moves between its pages with full page loads (plain <a href>): Next's
    // client-side navigation would fetch page data from /_next/data/…, outside the staff cookie's
    // Path=/admin (ARCHITECTURE.md, Staff and access).
    files: ['components/admin/**/*.tsx', 'pages/admin/**/*.tsx'],
    rules: { '@next/next/no-html-link-for-pages': 'off' },
  },
  {
    // CommonJS configuration files and Node scripts.
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { ignores: ['.next/**', '.next-*/**', 'node_modules/**', '.data/**', 'next-env.d.ts', 'drizzle/**', 'bench/results/**'] },
];

export default config;
