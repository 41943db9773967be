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
import { HYDRATED_HOOK, LATEST_MS, LOADER, SCRIPT_LIST_ID, scriptListJson } from '@/lib/ui/scripts-after-paint.mjs';
import { SESSION_MARK } from '@/lib/ui/session-mark.mjs';
import { scriptHashesFor } from '../../../scripts/inline-script-hashes.mjs';

const SOURCES = ['/_next/static/chunks/a.js', '/_next/static/chunks/b.js', '/_next/static/build/_buildManifest.js'];

function page(pictures: { complete: boolean }[], markup = '') {
  // The tests share one document: the previous page's loader stops holding taps, as it would once hydrated.
  (window as unknown as Record<string, (() => void) | undefined>)[HYDRATED_HOOK]?.();
  document.head.innerHTML = `<script id="${SCRIPT_LIST_ID}" type="application/json">${scriptListJson(SOURCES)}</script>`;
  document.body.innerHTML = pictures.map(() => '<img fetchpriority="high" src="/media/p/x.webp" alt="">').join('') + '<img src="/media/p/y.webp" alt="">' + markup;
  const imgs = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority]')];
  imgs.forEach((img, i) => Object.defineProperty(img, 'complete', { value: pictures[i]!.complete }));
  new Function(LOADER)();
  return imgs;
}

/** The scripts the loader has added so far (their `src` attributes, in document order), and whether each keeps its order. */
const added = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => ({ src: s.getAttribute('src'), ordered: s.async === false }));

/** The hook the app calls once React has hydrated (pages/_app.tsx); it replays in a task of its own. */
const hydrated = () => {
  (window as unknown as Record<string, (() => void) | undefined>)[HYDRATED_HOOK]!();
  jest.advanceTimersByTime(0);
};
let listeners: (() => void)[] = [];

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  listeners.forEach((off) => off());
  listeners = [];
});

/** Records the clicks that reach the app (React listens at its root, below the document). */
function appClicks(): string[] {
  const seen: string[] = [];
  const root = document.body;
  const onClick = (e: Event) => seen.push(`${(e.target as HTMLElement).id}${e.defaultPrevented ? ' (prevented)' : ''}`);
  root.addEventListener('click', onClick);
  listeners.push(() => root.removeEventListener('click', onClick));
  return seen;
}

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

/** A browser that reports paints: the loader's observer, and a way to report the first contentful paint. */
function reportingPaints() {
  const observers: { callback: PerformanceObserverCallback; types: string[]; off: boolean; self?: unknown }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    private entry: (typeof observers)[number];
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, types: [], off: false, self: this };
      observers.push(this.entry);
    }
    observe(options: { type: string }) {
      this.entry.types.push(options.type);
    }
    disconnect() {
      this.entry.off = true;
    }
  }
  const global = window as unknown as { PerformanceObserver?: unknown };
  const real = global.PerformanceObserver;
  global.PerformanceObserver = FakeObserver;
  listeners.push(() => {
    global.PerformanceObserver = real;
  });
  return {
    observers,
    report(name: string) {
      for (const o of observers.filter((o) => !o.off && o.types.includes('paint'))) {
        const list = { getEntries: () => [{ name, entryType: 'paint', startTime: 100, duration: 0 }] } as unknown as PerformanceObserverEntryList;
        o.callback(list, o.self as PerformanceObserver);
      }
    },
  };
}

it('where the browser reports paints, waits for the first contentful paint to be shown as well', () => {
  const paints = reportingPaints();
  page([{ complete: true }]);
  jest.advanceTimersByTime(500);
  expect(added()).toEqual([]); // drawn maybe, but not yet shown
  paints.report('first-paint');
  jest.advanceTimersByTime(50);
  expect(added()).toEqual([]); // a paint without content is not enough
  paints.report('first-contentful-paint');
  expect(added()).toEqual([]); // then the next frame
  jest.advanceTimersByTime(50);
  expect(added().map((s) => s.src)).toEqual(SOURCES);
  expect(paints.observers.every((o) => o.off)).toBe(true);

  // Shown before the picture has loaded: the picture still comes first.
  const again = reportingPaints();
  const [hero] = page([{ complete: false }]);
  again.report('first-contentful-paint');
  jest.advanceTimersByTime(500);
  expect(added()).toEqual([]);
  hero!.dispatchEvent(new Event('load'));
  jest.advanceTimersByTime(50);
  expect(added().map((s) => s.src)).toEqual(SOURCES);
});

it('where the browser never reports the paint, adds them LATEST_MS after parsing', () => {
  reportingPaints();
  page([{ complete: true }]);
  jest.advanceTimersByTime(LATEST_MS - 1);
  expect(added()).toEqual([]);
  jest.advanceTimersByTime(1);
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
  const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
  // A build without Turbopack's bootstraps (webpack) still allows the loader and the session mark, and only them.
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  fs.writeFileSync(path.join(dist, 'build-manifest.json'), JSON.stringify({ pages: { '/_app': [] } }));
  expect(scriptHashesFor(dist)('/')).toEqual([hashOf(LOADER), hashOf(SESSION_MARK)]);
  fs.rmSync(dist, { recursive: true });
});

it('holds a tap on a button that comes before the code, asks for the code at once, and replays the tap after hydration', () => {
  page([{ complete: false }], '<header><button id="login" type="button"><span id="label">LOGIN / REGISTER</span></button></header>');
  const seen = appClicks();
  document.getElementById('label')!.click(); // the tap lands on the button's text
  expect(seen).toEqual([]); // held: no handler would run yet, and nothing else happens
  expect(added().map((s) => s.src)).toEqual(SOURCES); // without waiting for the picture
  hydrated();
  expect(seen).toEqual(['login']); // the same button, clicked again, now that React handles it
  document.getElementById('login')!.click();
  expect(seen).toEqual(['login', 'login']); // after hydration every click goes straight through
});

it('lets links, real forms and disabled buttons work as the browser does, and replays only the last tap on a button still there', () => {
  page(
    [],
    '<a id="link" href="#x">Roses</a><form action="/search"><button id="search">Search</button></form>' +
      '<button id="off" type="button" disabled>Sold out</button><div id="gone-box"><button id="gone" type="button">Add</button></div><button id="last" type="button">Cart</button>',
  );
  const seen = appClicks();
  document.getElementById('link')!.click();
  document.getElementById('search')!.addEventListener('submit', (e) => e.preventDefault());
  document.querySelector('form')!.addEventListener('submit', (e) => e.preventDefault());
  document.getElementById('search')!.click();
  expect(seen).toEqual(['link', 'search']); // not held, not prevented
  expect(added()).toEqual([]); // and they did not hurry the code

  document.getElementById('gone')!.click();
  document.getElementById('gone-box')!.remove();
  hydrated();
  expect(seen).toEqual(['link', 'search']); // a held button that hydration did not keep is not clicked

  page([], '<button id="first" type="button">A</button><button id="second" type="button">B</button>');
  const again = appClicks();
  document.getElementById('first')!.click();
  document.getElementById('second')!.click();
  hydrated();
  expect(again).toEqual(['second']);
});
