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
 * finished render of one chunk. When the runtime reads chunks only through a TextDecoder (checked
 * in its source as it loads), that chunk is the markup string itself (MarkupChunk), not its UTF-8
 * bytes for Next to decode back. The string renderer does not wait for anything that
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
import fs from 'node:fs';
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
 * which one each render took (`string` or `stream`). With `textChunks` a string render's one
 * chunk is a MarkupChunk (for a runtime that `decodesChunks`), else its UTF-8 bytes.
 */
export function stringRenderer(edge, toString, counted = () => undefined, textChunks = false) {
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
      return Promise.resolve(textChunks ? finished(new MarkupChunk(html)) : byteStream(encoder.encode(html)));
    },
  };
}

/** A finished render as a web stream of one chunk of bytes, for any reader. */
function byteStream(bytes) {
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  body.allReady = Promise.resolve();
  return body;
}

/**
 * A finished render as Next's `streamToString` reads one (`await stream.allReady`, then `for await` over its chunks,
 * each decoded by a TextDecoder): one chunk, no web stream (building a ReadableStream was 3% of an
 * uncached render). It has no `getReader` or `pipeThrough`: a consumer that reads it as a web
 * stream fails at once rather than sending a page without its markup.
 */
function finished(chunk) {
  return {
    allReady: Promise.resolve(),
    async *[Symbol.asyncIterator]() {
      yield chunk;
    },
  };
}

/**
 * A chunk that carries rendered markup as the string it already is. It is an empty Uint8Array,
 * so it passes where bytes are expected; `TextDecoder.prototype.decode` (patched once by
 * `decodeMarkupChunks`) answers its string. Encoding the page to UTF-8 only for Next to decode it
 * back, twice per page (its body and `_document`), was about 10% of an uncached render's main
 * thread: the page is a two-byte string (one `₦` is enough), 120 kB to encode and to decode.
 */
export class MarkupChunk extends Uint8Array {
  constructor(html) {
    super(0);
    this.html = html;
  }
}

/**
 * Makes every TextDecoder answer a MarkupChunk's string (once per process; any other input is
 * decoded as before). A MarkupChunk is made only here, so nothing else in the process sees a
 * difference.
 */
export function decodeMarkupChunks() {
  if (TextDecoder.prototype.decode.markupChunks) return;
  const decode = TextDecoder.prototype.decode;
  const patched = function decodeOrMarkup(input, options) {
    return input instanceof MarkupChunk ? input.html : decode.call(this, input, options);
  };
  patched.markupChunks = true;
  TextDecoder.prototype.decode = patched;
}

/**
 * Whether a pages runtime reads a render's chunks only through a TextDecoder (Next's
 * `streamToString`: `for await (const chunk of stream) text += decoder.decode(chunk, …)`), which
 * is what lets the string renderer hand it MarkupChunks. Its source is read when it first loads
 * React's renderer; any other reading of the chunks (a Next upgrade) and the renderer hands it
 * bytes, as before.
 */
export function decodesChunks(source) {
  const loops = source.match(/for await\s*\(\s*(?:let|const|var)\s+\w+\s+of\s+\w+\s*\)/g) ?? [];
  return loops.length === 1 && /for await\s*\(\s*(?:let|const|var)\s+(\w+)\s+of\s+\w+\s*\)\s*\{(?:[^{}]|\{[^{}]*\})*?\w+\s*\+=\s*\w+\.decode\(\1\s*,\s*\{\s*stream\s*:\s*(?:!0|true)\s*\}\s*\)/.test(source);
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
  const make = (textChunks) => stringRenderer(require(EDGE), require('react-dom/server.node').renderToString, (renderer) => renders.inc({ renderer }), textChunks);
  const shims = new Map();
  const load = Module._load;
  Module._load = function loadWithStringRender(request, parent, isMain) {
    const runtime = parent?.filename ?? '';
    if (request !== EDGE || !PAGES_RUNTIME.test(runtime)) return load.call(this, request, parent, isMain);
    let shim = shims.get(runtime);
    if (!shim) {
      const textChunks = decodesChunks(fs.readFileSync(runtime, 'utf8'));
      if (textChunks) decodeMarkupChunks();
      shims.set(runtime, (shim = make(textChunks)));
    }
    return shim;
  };
}
