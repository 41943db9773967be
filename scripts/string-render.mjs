/**
 * Pages rendered to one string, not through a byte stream.
 *
 * Next's pages router renders a page with React's web-stream renderer (`renderToReadableStream`
 * of `react-dom/server.edge`), waits for all of it (`allReady`) and decodes the bytes back into a
 * string (`streamToString`), once for the page and once for `_document`: nothing is streamed to
 * the shopper. The stream renderer encodes every piece of dynamic text into its own bytes on the
 * way (TextEncoder and React's chunk copying were 12–20% of an uncached render's CPU, README
 * "Uncached renders"). React's string renderer (`renderToString` of `react-dom/server.node`)
 * builds the same markup as strings.
 *
 * `renderPagesToStrings()` makes `require('react-dom/server.edge')` from Next's pages runtime
 * (`next/dist/compiled/next-server/pages-turbo.runtime.prod.js` and its siblings, which load it
 * at run time) answer a copy of that module whose `renderToReadableStream` renders with `renderToString` and hands Next a
 * stream of one chunk, already complete. The string renderer does not wait for anything that
 * suspends, so when its markup has a boundary left to the client (`<!--$!-->`: something
 * suspended, such as a lazy component not loaded yet, or threw inside a Suspense boundary), or
 * when Next passes options the string renderer has no use for, the page is rendered by the
 * stream renderer as before. The markup is the same either way
 * (__tests__/scripts/string-render.test.ts compares them).
 *
 * It leans on Next loading React's server renderer by that name at run time: a Next upgrade that
 * bundles it instead leaves the patch unused (pages still render, at the old cost), which
 * `/metrics` shows (below) and the test above checks against the installed Next.
 */
import Module, { createRequire } from 'node:module';
import client from 'prom-client';
import { metricsRegistry } from './http-metrics.mjs';

const require = createRequire(import.meta.url);
const EDGE = 'react-dom/server.edge';
/** Next's pages runtimes (webpack and Turbopack builds); not the API routes' (`pages-api…`). */
export const PAGES_RUNTIME = /[\\/]next-server[\\/]pages(?:-turbo)?\.runtime\.(?:prod|dev)\.js$/;
/** The marker of a Suspense boundary the server left for the client to render. */
const CLIENT_RENDERED = '<!--$!-->';

/**
 * A `react-dom/server.edge` whose `renderToReadableStream` renders to a string when it can:
 * `edge` is the real module, `toString` React's `renderToString`; `counted(renderer)` is told
 * which one each render took (`string` or `stream`).
 */
export function stringRenderer(edge, toString, counted = () => undefined) {
  const encoder = new TextEncoder();
  const stream = (element, options) => {
    counted('stream');
    return edge.renderToReadableStream(element, options);
  };
  return {
    ...edge,
    renderToReadableStream(element, options) {
      const extra = options && Object.keys(options).some((name) => name !== 'identifierPrefix' && options[name] !== undefined);
      if (extra) return stream(element, options);
      let html;
      try {
        html = toString(element, options?.identifierPrefix ? { identifierPrefix: options.identifierPrefix } : undefined);
      } catch {
        // The same error from the stream renderer, with its own handling (Next's error page).
        return stream(element, options);
      }
      if (html.includes(CLIENT_RENDERED)) return stream(element, options);
      counted('string');
      const bytes = encoder.encode(html);
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      });
      body.allReady = Promise.resolve();
      return Promise.resolve(body);
    },
  };
}

/**
 * Installs the string renderer for Next's pages runtime (once per process). `/metrics` counts the
 * renders each way (`shop_react_renders_total{renderer="string"|"stream"}`; a page is two
 * renders, its body and `_document`): no `string` at all after pages were served means that
 * Next no longer loads React's renderer by name.
 */
export function renderPagesToStrings() {
  if (globalThis.__shopStringRender) return;
  globalThis.__shopStringRender = true;
  const renders = new client.Counter({
    name: 'shop_react_renders_total',
    help: "React server renders of Next's pages runtime, by renderer: string (renderToString) or stream (renderToReadableStream)",
    labelNames: ['renderer'],
    registers: [metricsRegistry()],
  });
  const shim = stringRenderer(require(EDGE), require('react-dom/server.node').renderToString, (renderer) => renders.inc({ renderer }));
  const load = Module._load;
  Module._load = function loadWithStringRender(request, parent, isMain) {
    if (request === EDGE && PAGES_RUNTIME.test(parent?.filename ?? '')) return shim;
    return load.call(this, request, parent, isMain);
  };
}
