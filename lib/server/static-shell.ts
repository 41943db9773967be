/**
 * A shell for pages built ahead of time (the 404 page): shop information from configuration and
 * the default currencies, with no database needed at build time. Its branches and payment details
 * are therefore the environment's, not the ones the back office saved (`shop` settings document):
 * the page is built once, before any database is there to ask.
 */
import type { ShellData } from '@/lib/contracts/shell';
import { DEFAULT_CURRENCIES } from '@/lib/domain/money';
import { getConfig } from '@/lib/server/config';
import { NAVIGATION } from '@/lib/content/navigation';
import { SEED_DELIVERY_SETTINGS } from '@/lib/samples/settings';
import { shopDetailsFromConfig, shopInfoFrom } from '@/lib/server/services/settings';

export function staticShell(): ShellData {
  const config = getConfig();
  return {
    siteUrl: config.siteUrl,
    businessId: config.businessId,
    currencies: [...DEFAULT_CURRENCIES],
    siteWideAlert: '',
    sameDayCutoffHour: SEED_DELIVERY_SETTINGS.sameDayCutoffHour,
    shopInfo: shopInfoFrom(shopDetailsFromConfig(config), config),
    featuredGroups: [],
    navigation: NAVIGATION,
  };
}
