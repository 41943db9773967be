/**
 * @jest-environment node
 */
/**
 * The start-up chunks' compile hints (scripts/compile-hints.mjs), on a build folder laid out as
 * Next writes it: the large JavaScript files of `/_app` start with V8's hint, once; small ones,
 * stylesheets and the files only some page or a later import loads are left as built.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addCompileHints, COMPILE_HINT, MIN_HINTED_BYTES } from '../../scripts/compile-hints.mjs';

let dist: string;
const big = 'globalThis.x=' + JSON.stringify('a'.repeat(MIN_HINTED_BYTES)) + ';';
const files: Record<string, string> = {
  'static/chunks/react-dom.js': big,
  'static/chunks/app.js': big + '/*app*/',
  'static/chunks/tiny.js': 'globalThis.y=1;',
  'static/chunks/shared.css': 'a{color:red}'.repeat(1000),
  'static/chunks/product-page.js': big + '/*page*/',
  'static/chunks/later.js': big + '/*later*/',
};
const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hints-'));
  fs.mkdirSync(path.join(dist, 'static/chunks'), { recursive: true });
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dist, file), text);
  const manifest = {
    pages: {
      '/_app': ['static/chunks/react-dom.js', 'static/chunks/app.js', 'static/chunks/tiny.js', 'static/chunks/shared.css'],
      '/product/[slug]': ['static/chunks/react-dom.js', 'static/chunks/product-page.js'],
    },
  };
  fs.writeFileSync(path.join(dist, 'build-manifest.json'), JSON.stringify(manifest));
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

it("hints the large start-up files of /_app and leaves everything else as built", () => {
  expect(addCompileHints(dist)).toEqual(['static/chunks/react-dom.js', 'static/chunks/app.js']);
  expect(read('static/chunks/react-dom.js')).toBe(COMPILE_HINT + files['static/chunks/react-dom.js']);
  expect(read('static/chunks/app.js')).toBe(COMPILE_HINT + files['static/chunks/app.js']);
  for (const file of ['static/chunks/tiny.js', 'static/chunks/shared.css', 'static/chunks/product-page.js', 'static/chunks/later.js']) {
    expect([file, read(file)]).toEqual([file, files[file]]);
  }
});

it('is the magic comment V8 reads, on a line of its own, and the script still runs the same', () => {
  expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  addCompileHints(dist);
  const scope: { x?: string } = {};
  new Function('globalThis', read('static/chunks/react-dom.js'))(scope);
  expect(scope.x).toBe('a'.repeat(MIN_HINTED_BYTES));
});

it('adds a hint once, however often it runs', () => {
  addCompileHints(dist);
  expect(addCompileHints(dist)).toEqual([]);
  expect(read('static/chunks/react-dom.js').split(COMPILE_HINT)).toHaveLength(2);
});
