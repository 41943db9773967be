/**
 * The browser's `process` (lib/ui/browser-process.cjs), which next.config.js gives the browser's
 * bundle in place of Next's copy of node's browser shim: every member the shim has, with the same
 * kind and the same answers, and `nextTick` running its callback later with its arguments, in
 * order. That the build really uses it shows in the bench's first-load weights (bench/pages.ts).
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(__filename);
const ours = require('../../../lib/ui/browser-process.cjs') as Record<string, unknown> & {
  nextTick: (callback: (...args: unknown[]) => void, ...args: unknown[]) => void;
  cwd: () => string;
  umask: () => number;
  listeners: (event: string) => unknown[];
  binding: (name: string) => unknown;
  chdir: (dir: string) => void;
};
const nexts = require('next/dist/compiled/process') as Record<string, unknown>;

describe('the browser process object', () => {
  it('has every member of the shim it replaces, of the same kind', () => {
    for (const [key, value] of Object.entries(nexts)) {
      expect([key, typeof ours[key]]).toEqual([key, typeof value]);
    }
  });

  it('answers what the shim answers', () => {
    for (const key of ['title', 'browser', 'env', 'argv', 'version', 'versions']) expect([key, ours[key]]).toEqual([key, nexts[key]]);
    expect(ours.cwd()).toBe('/');
    expect(ours.umask()).toBe(0);
    expect(ours.listeners('exit')).toEqual([]);
    expect(() => ours.binding('fs')).toThrow('process.binding is not supported');
    expect(() => ours.chdir('/tmp')).toThrow('process.chdir is not supported');
  });

  it('runs nextTick callbacks later, with their arguments, in order', async () => {
    const calls: unknown[][] = [];
    ours.nextTick((...args) => calls.push(['first', ...args]), 1, 'two');
    ours.nextTick(() => calls.push(['second']));
    expect(calls).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([['first', 1, 'two'], ['second']]);
  });

  it('is what next.config.js gives the browser bundle for Next\'s shim', () => {
    const config = require('../../../next.config.js') as { turbopack?: { resolveAlias?: Record<string, { browser?: string }> } };
    const target = config.turbopack?.resolveAlias?.['next/dist/compiled/process']?.browser;
    expect(target && path.resolve(__dirname, '../../..', target)).toBe(path.resolve(__dirname, '../../../lib/ui/browser-process.cjs'));
  });
});
