/** @jest-environment node */
/**
 * The string renderer Next's pages runtime is given (scripts/string-render.mjs): for every tree
 * its markup is the stream renderer's, byte for byte; what the string renderer cannot finish
 * (a lazy component, an error inside a Suspense boundary, options it does not take) goes to the
 * stream renderer; an error in the shell rejects as before. And the installed Next still loads
 * React's renderer by name from its pages runtimes, which is what lets the server swap it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Component, Suspense, createElement as h, lazy, useId, type ReactNode } from 'react';
import * as edge from 'react-dom/server.edge';
import { renderToString } from 'react-dom/server.node';
import type * as StringRender from '../../scripts/string-render.mjs';

let stringRenderer: typeof StringRender.stringRenderer;
let PAGES_RUNTIME: RegExp;
let MarkupChunk: typeof StringRender.MarkupChunk;
let decodeMarkupChunks: typeof StringRender.decodeMarkupChunks;
let decodesChunks: typeof StringRender.decodesChunks;
beforeAll(async () => {
  ({ stringRenderer, PAGES_RUNTIME, MarkupChunk, decodeMarkupChunks, decodesChunks } = await import('../../scripts/string-render.mjs'));
});

type Rendered = AsyncIterable<Uint8Array>;

/** Reads a render as Next's `streamToString` does: every chunk through one TextDecoder. */
async function text(stream: Rendered): Promise<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let html = '';
  for await (const chunk of stream) html += decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

/** Renders like Next's `renderToString` (render.js): the stream, `allReady`, its text. */
async function render(server: typeof edge, element: ReactNode): Promise<string> {
  const stream = await server.renderToReadableStream(element);
  await stream.allReady;
  return text(stream);
}

/** The string renderer, handing over bytes (`textChunks` false) or the markup itself. */
function counting(textChunks = false) {
  const taken: string[] = [];
  return { taken, server: stringRenderer(edge, renderToString, (renderer) => taken.push(renderer), textChunks) };
}

function Price({ amount }: { amount: number }) {
  const id = useId();
  return h('p', { id, 'aria-label': `Price ${amount}` }, '₦', amount.toLocaleString('en-NG'), ' <b> & "quotes"');
}

function Page({ title }: { title: string }) {
  return h(
    'div',
    { id: '__next' },
    h('h1', null, title),
    h('img', { src: '/media/p/1.webp?w=400', alt: 'Roses', fetchPriority: 'high', srcSet: '/media/p/1.webp?w=400 400w, /media/p/1.webp?w=800 800w', sizes: '100vw' }),
    h(Suspense, { fallback: h('p', null, 'Loading') }, h(Price, { amount: 55000 })),
    h('ul', null, ['Birthday', 'Anniversary', 'Love & Romance'].map((name) => h('li', { key: name }, name))),
    h('textarea', { defaultValue: 'Happy birthday, Amaka' }),
    h('select', { defaultValue: 'GBP' }, h('option', { value: 'NGN' }, 'NGN'), h('option', { value: 'GBP' }, 'GBP')),
  );
}

class Catch extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? h('p', null, 'failed') : this.props.children;
  }
}

function Throws(): never {
  throw new Error('broken on purpose');
}

test('a page with text to escape, ids, a preloaded picture, lists and form fields: the same markup, rendered as a string', async () => {
  const { taken, server } = counting();
  const expected = await render(edge, h(Page, { title: 'Birthday Flowers & Gifts' }));
  expect(await render(server, h(Page, { title: 'Birthday Flowers & Gifts' }))).toBe(expected);
  expect(expected).toContain('rel="preload"');
  expect(expected).toContain('&lt;b&gt; &amp; &quot;quotes&quot;');
  expect(taken).toEqual(['string']);
});

test('the identifier prefix is kept', async () => {
  const { taken, server } = counting();
  const element = h(Price, { amount: 1 });
  const stream = await server.renderToReadableStream(element, { identifierPrefix: 'shop-' });
  const expected = await edge.renderToReadableStream(element, { identifierPrefix: 'shop-' });
  expect(await text(stream)).toBe(await text(expected));
  expect(await text(await server.renderToReadableStream(element, { identifierPrefix: 'shop-' }))).toMatch(/id="[^"]*shop-/);
  expect(taken).toEqual(['string', 'string']);
});

test('a lazy component waits for its code, through the stream renderer', async () => {
  const { taken, server } = counting();
  const make = () => {
    const Late = lazy(async () => ({ default: () => h('p', null, 'the review form') }));
    return h('div', null, h(Suspense, { fallback: h('p', null, 'Loading the review form…') }, h(Late)));
  };
  const html = await render(server, make());
  expect(html).toBe(await render(edge, make()));
  expect(html).toContain('the review form');
  expect(html).not.toContain('Loading');
  expect(taken).toEqual(['stream']);
});

test('an error inside a Suspense boundary is left to the client, as the stream renderer does', async () => {
  const { taken, server } = counting();
  const element = h('div', null, h(Suspense, { fallback: h('p', null, 'Loading') }, h(Throws)));
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const html = await render(server, element);
    expect(html).toBe(await render(edge, element));
    expect(html).toContain('<!--$!-->');
  } finally {
    errors.mockRestore();
  }
  expect(taken).toEqual(['stream']);
});

test('an error in the shell rejects, as the stream renderer does; an error boundary renders the same either way', async () => {
  const { taken, server } = counting();
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await expect(server.renderToReadableStream(h('div', null, h(Throws)))).rejects.toThrow('broken on purpose');
    expect(taken).toEqual(['stream']);
    // Error boundaries do not catch on the server: the shell fails either way.
    await expect(render(edge, h(Catch, null, h(Throws)))).rejects.toThrow('broken on purpose');
    await expect(render(server, h(Catch, null, h(Throws)))).rejects.toThrow('broken on purpose');
  } finally {
    errors.mockRestore();
  }
});

test('options the string renderer does not take go to the stream renderer', async () => {
  const { taken, server } = counting();
  const html = await text(await server.renderToReadableStream(h('p', null, 'hello'), { bootstrapScriptContent: 'void 0' }));
  expect(html).toMatch(/<script[^>]*>void 0<\/script>/);
  expect(taken).toEqual(['stream']);
});

test("the installed Next loads React's renderer by name from its pages runtimes, where the server swaps it", () => {
  const folder = path.join(path.dirname(require.resolve('next/package.json')), 'dist', 'compiled', 'next-server');
  const runtimes = fs.readdirSync(folder).filter((name) => PAGES_RUNTIME.test(path.join(folder, name)));
  expect(runtimes.sort()).toEqual(['pages-turbo.runtime.dev.js', 'pages-turbo.runtime.prod.js', 'pages.runtime.dev.js', 'pages.runtime.prod.js']);
  const without = runtimes.filter((name) => !fs.readFileSync(path.join(folder, name), 'utf8').includes('require("react-dom/server.edge")'));
  expect(without).toEqual([]);
});

describe('the markup handed over as text, where the runtime reads chunks only through a TextDecoder', () => {
  beforeAll(() => decodeMarkupChunks());

  test('the same markup, in one chunk that is the string itself: nothing encoded to be decoded back', async () => {
    const { taken, server } = counting(true);
    const expected = await render(edge, h(Page, { title: 'Birthday Flowers & Gifts' }));
    const rendered = await server.renderToReadableStream(h(Page, { title: 'Birthday Flowers & Gifts' }));
    await rendered.allReady;
    const chunks: Uint8Array[] = [];
    for await (const chunk of rendered as unknown as Rendered) chunks.push(chunk);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toBeInstanceOf(MarkupChunk);
    expect(chunks[0]!.byteLength).toBe(0);
    expect(new TextDecoder('utf-8', { fatal: true }).decode(chunks[0])).toBe(expected);
    expect(await render(server, h(Page, { title: 'Birthday Flowers & Gifts' }))).toBe(expected);
    expect(expected).toContain('₦');
    expect(taken).toEqual(['string', 'string']);
  });

  test('a render handed over as text is no web stream: a reader of web streams fails at once, never with an empty page', async () => {
    const { server } = counting(true);
    const rendered = await server.renderToReadableStream(h('p', null, 'hello'));
    expect(rendered).not.toBeInstanceOf(ReadableStream);
    expect(() => rendered.getReader()).toThrow(/not a function/);
    expect(() => rendered.pipeThrough(new TransformStream())).toThrow(/not a function/);
  });

  test('every other input decodes as before, streamed pieces of a character included', () => {
    const bytes = new TextEncoder().encode('₦55,000 – Amaka’s roses');
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const split = decoder.decode(bytes.subarray(0, 1), { stream: true }) + decoder.decode(bytes.subarray(1), { stream: true }) + decoder.decode();
    expect(split).toBe('₦55,000 – Amaka’s roses');
    expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe('₦55,000 – Amaka’s roses');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xff]))).toThrow(/not valid/);
  });

  test("the installed Next's pages runtimes read renders by decoding chunks; another reader gets bytes", () => {
    const folder = path.join(path.dirname(require.resolve('next/package.json')), 'dist', 'compiled', 'next-server');
    for (const name of ['pages.runtime.prod.js', 'pages-turbo.runtime.prod.js', 'pages-turbo.runtime.dev.js']) {
      expect([name, decodesChunks(fs.readFileSync(path.join(folder, name), 'utf8'))]).toEqual([name, true]);
    }
    const streamToString = 'async function s(e){let r=new TextDecoder,a="";for await(let i of e){a+=r.decode(i,{stream:!0})}return a+r.decode()}';
    expect(decodesChunks(streamToString)).toBe(true);
    // Chunks kept as bytes, or a second loop that may read them otherwise: not for text chunks.
    expect(decodesChunks('async function b(e){let r=[];for await(let i of e)r.push(i);return Buffer.concat(r)}')).toBe(false);
    expect(decodesChunks(`${streamToString}async function b(e){let r=[];for await(let i of e)r.push(i);return r}`)).toBe(false);
    expect(decodesChunks('async function s(e){let r=e.getReader();return r.read()}')).toBe(false);
  });
});
