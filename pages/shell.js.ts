/**
 * `/shell.js?v=VERSION`: the shell's data as a script (lib/contracts/shell-wire.ts), the first of
 * the scripts a page's loader adds. The address carries the version, a digest of the content, so
 * the current version is kept for a year by browsers and shared caches. Any other version (a page
 * rendered before staff changed a setting) gets the current shell, not stored anywhere.
 */
import type { GetServerSideProps } from 'next';
import { getVersionedShell } from '@/lib/server/shell';
import { CURRENT_SHELL_CACHE, shellScriptText } from '@/lib/contracts/shell-wire';

export const getServerSideProps: GetServerSideProps<Record<string, never>> = async ({ res, query }) => {
  const { shell, version } = await getVersionedShell();
  res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
  res.setHeader('Cache-Control', query.v === version ? CURRENT_SHELL_CACHE : 'no-store');
  res.end(shellScriptText(version, shell));
  return { props: {} };
};

/** Never rendered: getServerSideProps has answered already. */
export default function ShellScript() {
  return null;
}
