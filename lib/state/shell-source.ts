/**
 * The shell's data in the browser (lib/contracts/shell-wire.ts): read from the shell script at
 * hydration, and loaded again when a client-side navigation brings another version.
 */
import { useEffect, useState } from 'react';
import type { ShellData } from '@/lib/contracts/shell';
import { isShellRef, SHELL_GLOBAL, shellScriptSrc, type LoadedShell, type ShellOnPage } from '@/lib/contracts/shell-wire';

type ShellWindow = { [SHELL_GLOBAL]?: LoadedShell };

function loadedShell(): LoadedShell | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as ShellWindow)[SHELL_GLOBAL];
}

const asked = new Set<string>();

/** Adds the shell script of `version` once; `done` runs when it has loaded or failed. */
function loadShellScript(version: string, done: () => void): void {
  if (asked.has(version)) return;
  asked.add(version);
  const script = document.createElement('script');
  script.src = shellScriptSrc(version);
  script.onload = script.onerror = done;
  document.head.appendChild(script);
}

/**
 * The shell data for the page's `shell` prop: the prop itself when it is the whole shell, else the
 * one the shell script loaded. Throws when no shell script has run (it failed to load): the page
 * then stays as the server sent it, its links and forms working without the app.
 */
export function useShellData(onPage: ShellOnPage | undefined): ShellData | undefined {
  const [loaded, setLoaded] = useState(loadedShell);
  const wanted = onPage && isShellRef(onPage) ? onPage.version : undefined;
  useEffect(() => {
    if (wanted === undefined || loaded?.version === wanted) return;
    loadShellScript(wanted, () => setLoaded(loadedShell()));
  }, [wanted, loaded]);
  if (!onPage || !isShellRef(onPage)) return onPage;
  if (!loaded) throw new Error('Shell not loaded');
  return loaded.data;
}
