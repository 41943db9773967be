/**
 * The second row of links inside a back-office section: the catalogue's pages (products,
 * categories, import and export) and the settings' pages (alerts and rates, delivery, capacity, coupons,
 * shop details). Plain links, like the bar above (full page loads, see full-load.ts).
 *
 * @example
 * <SectionTabs section="settings" current="/admin/coupons" />
 */
import styles from './section-tabs.module.css';

export const SECTION_TABS = {
  products: [
    { href: '/admin/products', label: 'Products' },
    { href: '/admin/categories', label: 'Categories' },
    { href: '/admin/catalogue-file', label: 'Import & export' },
  ],
  settings: [
    { href: '/admin/settings', label: 'Alerts & rates' },
    { href: '/admin/settings/delivery', label: 'Delivery' },
    { href: '/admin/settings/capacity', label: 'Capacity' },
    { href: '/admin/coupons', label: 'Coupons' },
    { href: '/admin/shop-details', label: 'Shop details' },
  ],
} as const;

type Section = keyof typeof SECTION_TABS;

export function SectionTabs({ section, current }: { section: Section; current: (typeof SECTION_TABS)[Section][number]['href'] }) {
  return (
    <nav className={styles.tabs} aria-label={section === 'products' ? 'Catalogue' : 'Settings'}>
      {SECTION_TABS[section].map((tab) => (
        <a key={tab.href} href={tab.href} aria-current={tab.href === current ? 'page' : undefined}>
          {tab.label}
        </a>
      ))}
    </nav>
  );
}
