/**
 * The script loader of pages/_document.tsx (lib/ui/scripts-after-paint.mjs), run as the browser
 * runs it: its text evaluated in a parsed document, the clock and the frames faked. The page's
 * scripts are added in their order, once, only after the high-priority pictures have loaded (or
 * failed) and a frame has painted, and at the latest LATEST_MS after parsing. In Chromium with
 * the real build and its CSP: e2e/security-headers.test.ts and every browser journey.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LATEST_MS, LOADER, SCRIPT_LIST_ID, scriptListJson } from '@/lib/ui/scripts-after-paint.mjs';
import { inlineScriptHashes } from '../../../scripts/inline-script-hashes.mjs';

const SOURCES = ['/_next/static/chunks/a.js', '/_next/static/chunks/b.js', '/_next/static/build/_buildManifest.js'];

function page(pictures: { complete: boolean }[]) {
  document.head.innerHTML = `<script id="${SCRIPT_LIST_ID}" type="application/json">${scriptListJson(SOURCES)}</script>`;
  document.body.innerHTML = pictures.map(() => '<img fetchpriority="high" src="/media/p/x.webp" alt="">').join('') + '<img src="/media/p/y.webp" alt="">';
  const imgs = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority]')];
  imgs.forEach((img, i) => Object.defineProperty(img, 'complete', { value: pictures[i]!.complete }));
  new Function(LOADER)();
  return imgs;
}

/** The scripts the loader has added so far (their `src` attributes, in document order), and whether each keeps its order. */
const added = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => ({ src: s.getAttribute('src'), ordered: s.async === false }));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('waits for the high-priority pictures, then a painted frame, then adds the scripts in order', () => {
  const [hero, card] = page([{ complete: false }, { complete: false }]);
  jest.advanceTimersByTime(500);
  expect(added()).toEqual([]);
  hero!.dispatchEvent(new Event('load'));
  jest.advanceTimersByTime(100);
  expect(added()).toEqual([]);
  card!.dispatchEvent(new Event('error')); // a picture that fails does not hold the page back
  expect(added()).toEqual([]); // not before the next frame
  jest.advanceTimersByTime(50);
  expect(added()).toEqual(SOURCES.map((src) => ({ src, ordered: true })));
});

it('adds them after the first frame when the pictures are there already, or when there are none', () => {
  page([{ complete: true }]);
  expect(added()).toEqual([]);
  jest.advanceTimersByTime(50);
  expect(added().map((s) => s.src)).toEqual(SOURCES);

  page([]);
  jest.advanceTimersByTime(50);
  expect(added().map((s) => s.src)).toEqual(SOURCES);
});

it('adds them at the latest LATEST_MS after parsing, and never twice', () => {
  const [slow] = page([{ complete: false }]);
  jest.advanceTimersByTime(LATEST_MS - 1);
  expect(added()).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(added()).toHaveLength(SOURCES.length);
  slow!.dispatchEvent(new Event('load'));
  jest.advanceTimersByTime(LATEST_MS);
  expect(added()).toHaveLength(SOURCES.length);
});

it('keeps the list a data block that cannot close its element, and its text allowed by hash in the CSP', () => {
  expect(scriptListJson(['/x</script><script>alert(1)</script>.js'])).not.toContain('<');
  expect(LOADER).not.toMatch(/<\/script/i);
  const hash = `'sha256-${createHash('sha256').update(LOADER, 'utf8').digest('base64')}'`;
  // A build without Turbopack's bootstraps (webpack) still allows the loader, and only it.
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  fs.writeFileSync(path.join(dist, 'build-manifest.json'), JSON.stringify({ pages: { '/_app': [] } }));
  expect(inlineScriptHashes(dist)).toEqual([hash]);
  fs.rmSync(dist, { recursive: true });
});
