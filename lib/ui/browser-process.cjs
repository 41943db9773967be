/**
 * The `process` object the browser's bundle gets when code mentions it (Next's
 * `next/dist/build/polyfills/process` falls back to `next/dist/compiled/process`, which
 * next.config.js points here for the browser). Next's copy is node's browser shim with its own
 * setTimeout-driven tick queue: 0.5 kB of every page's first-load JavaScript, for a `nextTick`
 * that nothing in the pages calls. This one keeps the same shape (an empty `env`, listeners that
 * do nothing, `cwd()` '/') and runs `nextTick` callbacks as microtasks, as node does.
 * __tests__/lib/ui/browser-process.test.ts pins the shape.
 */
'use strict';

const noop = () => {};
const unsupported = (name) => () => {
  throw new Error(`process.${name} is not supported`);
};

module.exports = {
  title: 'browser',
  browser: true,
  env: {},
  argv: [],
  version: '',
  versions: {},
  nextTick: (callback, ...args) => queueMicrotask(() => callback(...args)),
  on: noop,
  addListener: noop,
  once: noop,
  off: noop,
  removeListener: noop,
  removeAllListeners: noop,
  emit: noop,
  prependListener: noop,
  prependOnceListener: noop,
  listeners: () => [],
  binding: unsupported('binding'),
  chdir: unsupported('chdir'),
  cwd: () => '/',
  umask: () => 0,
};
