/**
 * What every page's shell (header, footer, alert banner, currency switcher) needs, sent with the
 * page's server-side props: a small subset of the handshake.
 */
import type { Currency } from '@/lib/domain/money';
import type { FeaturedGroup, ShopInfo } from '@/lib/contracts/settings';
import type { NavGroup, NavLink, NavMenu } from '@/lib/content/navigation';

export type ShellData = {
  siteUrl: string;
  /** The `business` identifier the browser's API calls carry. */
  businessId: string;
  currencies: Currency[];
  siteWideAlert: string;
  shopInfo: ShopInfo;
  featuredGroups: FeaturedGroup[];
  /** Menus travel as page data rather than as JavaScript every page would carry. */
  navigation: { main: NavMenu[]; footer: NavGroup[]; legal: NavLink[]; social: NavLink[] };
};
