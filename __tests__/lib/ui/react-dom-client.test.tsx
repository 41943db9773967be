/**
 * The browser's react-dom/client (lib/ui/react-dom-client.cjs, what next.config.js gives the
 * browser's bundle): its `hydrateRoot`, called as Next calls it, hydrates the server's HTML a few
 * milliseconds at a time, so a timer set meanwhile runs between the slices, and the result is the
 * same (the server's nodes kept, events handled). React's own `hydrateRoot` renders a page like
 * this in one task: the same check fails there. Everything else is React's own.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { useState } from 'react';
import type { hydrateRoot as reactHydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

const require = createRequire(__filename);
type HydrateRoot = typeof reactHydrateRoot;
type Client = { hydrateRoot: HydrateRoot; createRoot: unknown; version: string };
const reacts = require('react-dom/client') as Client;
const ours = require('../../../lib/ui/react-dom-client.cjs') as Client;

const PARTS = 40;
let rendered = 0;

function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

function Part({ n }: { n: number }) {
  if (typeof window !== 'undefined') {
    rendered++;
    busy(2);
  }
  return <li>part {n}</li>;
}

function Page() {
  const [clicks, setClicks] = useState(0);
  return (
    <main>
      <button type="button" onClick={() => setClicks((c) => c + 1)}>
        clicked {clicks}
      </button>
      <ul>
        {Array.from({ length: PARTS }, (_, n) => (
          <Part key={n} n={n} />
        ))}
      </ul>
    </main>
  );
}

/** Hydrates the server's HTML of <Page/> with `hydrateRoot` and notes how far it was at each timer. */
async function hydrateAndWatch(hydrateRoot: HydrateRoot) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  const serverButton = container.querySelector('button');
  rendered = 0;
  const seen: number[] = [];
  const root = hydrateRoot(container, <Page />);
  // A timer chain, as the browser's other work would be: each tick notes how many parts were hydrated.
  await new Promise<void>((resolve) => {
    const tick = () => {
      seen.push(rendered);
      if (rendered >= PARTS && container.querySelector('button') === serverButton && seen.length > 1) resolve();
      else setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
  });
  // Let the commit finish, then use the page.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { container, serverButton, seen, root };
}

// Real scheduling is what is under test here, not act()'s synchronous flushing.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the browser's react-dom/client", () => {
  it("React's own hydrateRoot hydrates in one piece (what ours changes)", async () => {
    const { seen, root } = await hydrateAndWatch(reacts.hydrateRoot);
    expect(seen.filter((n) => n > 0 && n < PARTS)).toEqual([]);
    root.unmount();
  });

  it('hydrates in slices, with timers running in between, and the page works', async () => {
    const { container, serverButton, seen, root } = await hydrateAndWatch(ours.hydrateRoot);
    expect(seen.filter((n) => n > 0 && n < PARTS).length).toBeGreaterThan(1);
    // The server's nodes are the ones React now handles.
    expect(container.querySelector('button')).toBe(serverButton);
    serverButton!.click();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(serverButton!.textContent).toBe('clicked 1');
    root.unmount();
  });

  it("is otherwise React's own module", () => {
    expect(ours.createRoot).toBe(reacts.createRoot);
    expect(ours.version).toBe(reacts.version);
    expect(Object.keys(ours).sort()).toEqual(Object.keys(reacts).sort());
  });

  it('is what next.config.js gives the browser bundle for react-dom/client', () => {
    const config = require('../../../next.config.js') as { turbopack?: { resolveAlias?: Record<string, { browser?: string }> } };
    const target = config.turbopack?.resolveAlias?.['react-dom/client']?.browser;
    expect(target && path.resolve(__dirname, '../../..', target)).toBe(path.resolve(__dirname, '../../../lib/ui/react-dom-client.cjs'));
  });
});
