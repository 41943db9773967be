/**
 * The shell's data in the browser (lib/contracts/shell-wire.ts): read from the shell script at
 * hydration, and loaded again when a client-side navigation brings another version.
 */
import { use, useEffect, useState } from 'react';
import type { ShellData } from '@/lib/contracts/shell';
import { isShellRef, SHELL_GLOBAL, shellScriptSrc, type LoadedShell, type ShellOnPage } from '@/lib/contracts/shell-wire';

type ShellWindow = { [SHELL_GLOBAL]?: LoadedShell };

function loadedShell(): LoadedShell | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as ShellWindow)[SHELL_GLOBAL];
}

const loads: Record<string, Promise<unknown>> = {};
/** The version hydration had to wait for, if it had to. */
let awaited: string | undefined;

/**
 * Adds the shell script of `version` once; settles when it has run. A script that fails to load
 * never settles: what waits for it keeps what it has (the server's page, or the shell before).
 */
function loadShell(version: string): Promise<unknown> {
  return (loads[version] ??= new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = shellScriptSrc(version);
    script.onload = resolve;
    document.head.appendChild(script);
  }));
}

/**
 * The shell data for the page's `shell` prop: the prop itself when it is the whole shell, else the
 * one the shell script loaded. When no shell script has run yet (it was slow, or failed and is
 * asked for again here), hydration waits for it: React keeps the server's page on screen, its links
 * and forms working without the app, until it has.
 */
export function useShellData(onPage: ShellOnPage | undefined): ShellData | undefined {
  const [loaded, setLoaded] = useState(loadedShell);
  const wanted = onPage && isShellRef(onPage) ? onPage.version : undefined;
  useEffect(() => {
    if (wanted && loaded?.version !== wanted) void loadShell(wanted).then(() => setLoaded(loadedShell()));
  }, [wanted, loaded]);
  if (!wanted) return onPage as ShellData | undefined;
  // Once waited for, the version is always asked of `use` (settled then), so that every render
  // calls it alike.
  if (!loaded) awaited ??= wanted;
  if (awaited === wanted) use(loadShell(wanted));
  return (loaded ?? loadedShell())?.data;
}
