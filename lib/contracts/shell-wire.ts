/**
 * The shell's data (header, footer, alert, currencies: lib/contracts/shell.ts) travels once per
 * version, not with every page.
 *
 * It is the same on every page, 8.4 kB of JSON (2.4 kB gzip) that every page's `__NEXT_DATA__`
 * and every client-side navigation's data used to carry; a category page's HTML then no longer
 * fitted in a new connection's first round trip (README, "Uncached renders"). Now:
 * - the server renders with the whole shell, but a page's props serialise it as its version only
 *   (`sentAsVersion` here: `{"version":"…"}` in `__NEXT_DATA__` and in `/_next/data` answers);
 * - pages/_document.tsx puts `/shell.js?v=VERSION` first in the list of scripts the loader adds
 *   (lib/ui/scripts-after-paint.mjs), so it runs before the app's code; it sets
 *   `self.__shopShell = { version, data }` (pages/shell.js.ts) and the browser keeps it for a
 *   year (the address changes with the content);
 * - `useShellData` (lib/state/shell-source.ts, used by pages/_app.tsx) reads it at hydration. A
 *   client-side navigation that brings another version (staff changed a setting meanwhile) keeps
 *   the shell it has and loads the new one, then re-renders with it.
 * A page with the whole shell in its props (the 404 page, built ahead of time) uses it as it is.
 */
import type { ShellData } from '@/lib/contracts/shell';

/** What a page's props carry in the browser instead of the shell. */
export type ShellRef = { version: string };
/** A page's `shell` prop: the whole shell on the server (and on a page built ahead of time), its version in the browser. */
export type ShellOnPage = ShellData | ShellRef;
/** What the shell script sets on `self`. */
export type LoadedShell = { version: string; data: ShellData };

export const SHELL_SCRIPT_PATH = '/shell.js';
export const SHELL_GLOBAL = '__shopShell';
/** The shell script's caching at its current version: the address changes with the content. */
export const CURRENT_SHELL_CACHE = 'public, max-age=31536000, s-maxage=31536000, immutable';

/** The shell script's address; a version is a base64url digest (lib/server/shell.ts), safe in a query as it is. */
export function shellScriptSrc(version: string): string {
  return `${SHELL_SCRIPT_PATH}?v=${version}`;
}

/** The shell script's text: sets `self.__shopShell`. */
export function shellScriptText(version: string, data: ShellData): string {
  return `self.${SHELL_GLOBAL}=${JSON.stringify({ version, data } satisfies LoadedShell)};\n`;
}

export function isShellRef(value: ShellOnPage): value is ShellRef {
  return !('shopInfo' in value);
}

/**
 * The shell for a page's props: the same data for the server's render, serialised as
 * `{"version":…}` (a `toJSON` of its own, which JSON.stringify, and so Next, calls).
 */
export function sentAsVersion(shell: ShellData, version: string): ShellData {
  const ref: ShellRef = { version };
  return Object.defineProperty({ ...shell }, 'toJSON', { value: () => ref, enumerable: false });
}

/** The version a page's shell is sent as (pages/_document.tsx), when it is sent that way. */
export function sentVersionOf(shell: unknown): string | undefined {
  const toJSON = (shell as { toJSON?: unknown } | null | undefined)?.toJSON;
  if (typeof toJSON !== 'function') return undefined;
  const ref = toJSON.call(shell) as Partial<ShellRef> | undefined;
  return typeof ref?.version === 'string' ? ref.version : undefined;
}
