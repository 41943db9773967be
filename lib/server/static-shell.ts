/**
 * A shell for pages built ahead of time (the 404 page): shop information from configuration and
 * the default currencies, with no database needed at build time.
 */
import type { ShellData } from '@/lib/contracts/shell';
import { DEFAULT_CURRENCIES } from '@/lib/domain/money';
import { getConfig } from '@/lib/server/config';
import { NAVIGATION } from '@/lib/content/navigation';
import { shopInfo } from '@/lib/server/services/settings';

export function staticShell(): ShellData {
  const config = getConfig();
  return { siteUrl: config.siteUrl, businessId: config.businessId, currencies: [...DEFAULT_CURRENCIES], siteWideAlert: '', shopInfo: shopInfo(), featuredGroups: [], navigation: NAVIGATION };
}
