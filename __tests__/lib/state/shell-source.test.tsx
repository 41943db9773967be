/**
 * The shell's data in the browser (lib/contracts/shell-wire.ts, lib/state/shell-source.ts): a
 * page's props carry only the version; the data comes from the shell script, at hydration and
 * again when a client-side navigation brings another version.
 */
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, render, screen } from '@testing-library/react';
import type { ShellData } from '@/lib/contracts/shell';
import { isShellRef, SHELL_GLOBAL, sentAsVersion, sentVersionOf, shellScriptText, type ShellOnPage } from '@/lib/contracts/shell-wire';
import { useShellData } from '@/lib/state/shell-source';
import { shell as shellData } from '../../components/fixtures';

type ShellWindow = Record<string, unknown>;

function Brand({ shell }: { shell: ShellOnPage }) {
  const data = useShellData(shell);
  return <p>{`${data?.shopInfo.brandName} · ${data?.siteWideAlert}`}</p>;
}

/** Runs the shell script's text as the browser would. */
function runShellScript(version: string, data: ShellData) {
  new Function('self', shellScriptText(version, data))(window);
}

const first: ShellData = { ...shellData, siteWideAlert: 'Open on Sunday' };
const next: ShellData = { ...shellData, siteWideAlert: 'Closed on Monday' };

afterEach(() => {
  delete (window as unknown as ShellWindow)[SHELL_GLOBAL];
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

test("a page's props serialise the shell as its version; the server still renders the whole shell", () => {
  const sent = sentAsVersion(first, 'v1');
  expect(JSON.parse(JSON.stringify({ shell: sent }))).toEqual({ shell: { version: 'v1' } });
  expect(sent.navigation).toEqual(first.navigation);
  expect(sentVersionOf(sent)).toBe('v1');
  expect(sentVersionOf(first)).toBeUndefined();
  expect(renderToString(<Brand shell={sent} />)).toContain('Open on Sunday');
});

test('hydration reads the shell the script loaded; a navigation with another version loads that one', async () => {
  runShellScript('v1', first);
  const view = render(<Brand shell={{ version: 'v1' }} />);
  expect(screen.getByText(`${first.shopInfo.brandName} · Open on Sunday`)).toBeTruthy();
  expect(document.head.querySelector('script')).toBeNull();

  view.rerender(<Brand shell={{ version: 'v2' }} />);
  // The old shell stays on screen while the new one loads.
  expect(screen.getByText(/Open on Sunday/)).toBeTruthy();
  const script = document.head.querySelector('script');
  expect(script?.getAttribute('src')).toBe('/shell.js?v=v2');
  runShellScript('v2', next);
  await act(async () => {
    script!.dispatchEvent(new Event('load'));
  });
  expect(screen.getByText(`${next.shopInfo.brandName} · Closed on Monday`)).toBeTruthy();
  view.rerender(<Brand shell={{ version: 'v2' }} />);
  expect(document.head.querySelectorAll('script')).toHaveLength(1);
});

test('a page with the whole shell in its props (built ahead of time) uses it as it is', () => {
  render(<Brand shell={next} />);
  expect(screen.getByText(/Closed on Monday/)).toBeTruthy();
  expect(isShellRef(next)).toBe(false);
  expect(document.head.querySelector('script')).toBeNull();
});

test("without the shell script run, hydration waits for it: the server's page stays, then hydrates", async () => {
  const clicks: string[] = [];
  function Page({ shell }: { shell: ShellOnPage }) {
    const data = useShellData(shell);
    return (
      <button type="button" onClick={() => clicks.push(data!.siteWideAlert)}>
        {data?.shopInfo.brandName}
      </button>
    );
  }
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page shell={sentAsVersion(first, 'v3')} />);
  document.body.appendChild(container);
  const serverButton = container.querySelector('button')!;
  const errors: unknown[] = [];
  const root = hydrateRoot(container, <Page shell={{ version: 'v3' }} />, { onRecoverableError: (error) => errors.push(error), onUncaughtError: (error) => errors.push(error) });
  await act(async () => undefined);
  expect(container.querySelector('button')).toBe(serverButton);
  expect(serverButton.textContent).toBe(first.shopInfo.brandName);
  serverButton.click();
  expect(clicks).toEqual([]);
  const script = document.head.querySelector('script');
  expect(script?.getAttribute('src')).toBe('/shell.js?v=v3');

  runShellScript('v3', first);
  await act(async () => {
    script!.dispatchEvent(new Event('load'));
  });
  expect(container.querySelector('button')).toBe(serverButton);
  serverButton.click();
  expect(clicks).toEqual(['Open on Sunday']);
  expect(errors).toEqual([]);
  act(() => root.unmount());
});
