/**
 * What every page's shell (header, footer, alert banner, currency switcher) needs: a small subset
 * of the handshake, rendered by the server with every page and sent to the browser once per
 * version, as a script (lib/contracts/shell-wire.ts).
 */
import type { Currency } from '@/lib/domain/money';
import type { FeaturedGroup, ShopInfo } from '@/lib/contracts/settings';

/** The menus' shapes; the menus themselves are in lib/content/navigation.ts. */
export type NavLink = { label: string; href: string };
export type NavGroup = { label: string; links: NavLink[] };
export type NavMenu = {
  label: string;
  href: string;
  /** Dropdown menus: groups of links and the featured group (handshake key) shown beside them. */
  groups?: NavGroup[];
  featuredGroup?: string;
};

export type ShellData = {
  siteUrl: string;
  /** The `business` identifier the browser's API calls carry. */
  businessId: string;
  currencies: Currency[];
  siteWideAlert: string;
  /** The same-day cut-off hour (Lagos) for the cut-off notice and the cart's date picker. */
  sameDayCutoffHour: number;
  shopInfo: ShopInfo;
  featuredGroups: FeaturedGroup[];
  /** Menus travel as shell data rather than as JavaScript every page would carry. */
  navigation: { main: NavMenu[]; footer: NavGroup[]; legal: NavLink[]; social: NavLink[] };
  /**
   * The year in Lagos by the server's clock, for the footer's ©: the browser's own clock (another
   * time zone on New Year's Eve, or a wrong one) would not match the server's HTML. Absent on a
   * page built ahead of time, which uses the browser's.
   */
  year?: number;
};
