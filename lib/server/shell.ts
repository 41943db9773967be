/**
 * Server-side props for every page: `withShell()` adds the shell data (currencies, alert text,
 * shop information, featured groups) to a page's own props. The shell comes from the handshake
 * through lib/api and is kept for 30 s in memory (or until the content version changes: a settings
 * write, lib/server/live/content.ts), so pages do not ask for it on every request.
 */
import { createHash } from 'node:crypto';
import type { GetServerSideProps, GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import type { ParsedUrlQuery } from 'node:querystring';
import * as calls from '@/lib/api/calls';
import type { ShellData } from '@/lib/contracts/shell';
import type { Handshake } from '@/lib/contracts/settings';
import { getConfig } from '@/lib/server/config';
import { serverApi } from '@/lib/server/page-api';
import { contentVersion } from '@/lib/server/live/content';
import { now } from '@/lib/server/security/clock';
import { shopDay } from '@/lib/domain/dates';
import { NAVIGATION } from '@/lib/content/navigation';
import type { CurrencyCode } from '@/lib/domain/money';
import { shopperCurrency } from '@/lib/domain/shopper-currency.mjs';
import { sentAsVersion, sentVersionOf, type ShellOnPage } from '@/lib/contracts/shell-wire';

export const SHELL_TTL_MS = 30_000;

let cached: { handshake: Handshake; shell: ShellData; shellVersion: string; until: number; version: number } | undefined;
let pending: Promise<Handshake> | undefined;

function toShell(handshake: Handshake): ShellData {
  const config = getConfig();
  return {
    siteUrl: config.siteUrl,
    businessId: config.businessId,
    currencies: handshake.currencies,
    siteWideAlert: handshake.settings.alertSettings.siteWideAlert,
    sameDayCutoffHour: handshake.settings.deliverySettings.sameDayCutoffHour,
    shopInfo: handshake.settings.shopInfo,
    featuredGroups: handshake.settings.featuredGroups,
    navigation: NAVIGATION,
    year: Number(shopDay(now()).slice(0, 4)),
  };
}

/** The guest handshake, from memory when fresh; concurrent requests share one fetch. */
export async function getGuestHandshake(now = Date.now()): Promise<Handshake> {
  if (cached && cached.until > now && cached.version === contentVersion()) return cached.handshake;
  const version = contentVersion();
  pending ??= calls
    .getHandshake(serverApi())
    .then((handshake) => {
      const shell = toShell(handshake);
      cached = { handshake, shell, shellVersion: versionOf(shell), until: Date.now() + SHELL_TTL_MS, version };
      return handshake;
    })
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/** A shell's version: a digest of its content, the same in every process that has the same shell. */
function versionOf(shell: ShellData): string {
  return createHash('sha256').update(JSON.stringify(shell)).digest('base64url').slice(0, 16);
}

/** The shell data for a page, and its version (lib/contracts/shell-wire.ts). */
export async function getVersionedShell(now = Date.now()): Promise<{ shell: ShellData; version: string }> {
  const handshake = await getGuestHandshake(now);
  if (cached?.handshake === handshake) return { shell: cached.shell, version: cached.shellVersion };
  const shell = toShell(handshake);
  return { shell, version: versionOf(shell) };
}

/** Forgets the cached shell (after settings change, and in tests). */
export function clearShellCache(): void {
  cached = undefined;
}

/**
 * `shell`: the whole shell in the server's render, its version in the browser (`sentAsVersion`,
 * lib/contracts/shell-wire.ts): components read it through `useShell()`, never from the prop.
 * `currency`: what the page's prices are rendered in (lib/domain/shopper-currency.mjs).
 */
export type ShellProps = { shell: ShellOnPage; currency?: CurrencyCode };

/**
 * Pages are the same for every visitor (accounts use bearer tokens, not cookies), so shared
 * caches may keep them briefly: scripts/serve.mjs for 30 s, and a CDN in front likewise.
 */
export const PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHELL_TTL_MS / 1000}, stale-while-revalidate=300`;

/**
 * The shell as pages carry it (`sentAsVersion`), one object per shell: the same object on every
 * page while the shell lasts, so that markup drawn from it is kept (lib/ui/kept-markup.ts).
 */
const sentShells = new WeakMap<ShellData, ShellData>();
function sentShell(shell: ShellData, version: string): ShellData {
  let sent = sentShells.get(shell);
  if (!sent || sentVersionOf(sent) !== version) sentShells.set(shell, (sent = sentAsVersion(shell, version)));
  return sent;
}

/** Wraps a page's getServerSideProps so that its props also carry the shell. */
export function withShell<P extends Record<string, unknown> = Record<string, never>, Q extends ParsedUrlQuery = ParsedUrlQuery>(
  inner?: (ctx: GetServerSidePropsContext<Q>, shell: ShellData) => Promise<GetServerSidePropsResult<P>>,
): GetServerSideProps<P & ShellProps, Q> {
  return async (ctx) => {
    const { shell, version } = await getVersionedShell();
    const result = inner ? await inner(ctx, shell) : ({ props: {} as P } as GetServerSidePropsResult<P>);
    if (!('props' in result)) return result;
    const props = await result.props;
    if (!ctx.res.hasHeader('Cache-Control')) ctx.res.setHeader('Cache-Control', PAGE_CACHE_CONTROL);
    return { ...result, props: { ...props, shell: sentShell(shell, version), currency: shopperCurrency(ctx.req.headers).code } };
  };
}
