/**
 * The desktop main navigation. Dropdown menus are buttons that open a panel of link groups; the
 * links are in the server-rendered HTML (hidden until opened) so that crawlers follow them. The
 * featured products beside them load with their own code on the menu's first opening.
 */
import { lazy, Suspense, useId, useRef } from 'react';
import { Link } from '@/components/ui/link';
import { kept } from '@/lib/ui/kept-markup';
import type { NavGroup } from '@/lib/contracts/shell';
import { useShell } from '@/lib/state/shell-context';
import { CHEVRON, Icon } from './icons';
import { useDismiss } from './use-dismiss';
import styles from './main-nav.module.css';

const FeaturedProducts = lazy(() => import('./featured-products').then((m) => ({ default: m.FeaturedProducts })));

type Props = {
  /** The open dropdown's label (or another header key, or null). */
  open: string | null;
  /** Keys opened at least once: their featured products stay mounted. */
  seen: readonly string[];
  toggle(key: string): void;
  close(): void;
};

/** A dropdown's link groups: the same on every page, so the server keeps their markup (lib/ui/kept-markup.ts). */
function LinkGroups({ data }: { data: readonly NavGroup[] }) {
  return data.map((group) => (
    <div key={group.label}>
      {/* A break opportunity after each slash: 'Romance/Sorry/Thanks/Get Well' fits its column. */}
      <p className={styles.title}>{group.label.replaceAll('/', '/\u200b')}</p>
      <ul>
        {group.links.map((link) => (
          <li key={link.href + link.label}>
            <Link href={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  ));
}

export function MainNav({ open, seen, toggle, close }: Props) {
  const menus = useShell().navigation.main;
  const id = useId();
  const openItem = useRef<HTMLLIElement>(null);
  const dropdownOpen = menus.some((m) => m.groups && m.label === open);
  useDismiss(dropdownOpen, openItem, (escape) => {
    close();
    if (escape) openItem.current?.querySelector('button')?.focus();
  });

  return (
    <nav aria-label="Main" className={styles.nav}>
      <ul className={styles.list}>
        {menus.map((menu, i) => {
          if (!menu.groups) {
            return (
              <li key={menu.label}>
                <Link href={menu.href} className={styles.item}>
                  {menu.label}
                </Link>
              </li>
            );
          }
          const isOpen = open === menu.label;
          const panelId = `${id}-${i}`;
          return (
            <li
              key={menu.label}
              ref={isOpen ? openItem : undefined}
              onBlur={(event) => {
                // Tabbing out of an open menu closes it.
                if (isOpen && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) close();
              }}
            >
              <button type="button" className={styles.item} aria-expanded={isOpen} aria-controls={panelId} onClick={() => toggle(menu.label)}>
                {menu.label}
                <Icon d={CHEVRON} />
              </button>
              <div id={panelId} className={styles.panel} hidden={!isOpen}>
                <div className={styles.inner}>
                  {kept('div', styles.groups, LinkGroups, menu.groups)}
                  {menu.featuredGroup && (
                    <div className={styles.featured}>
                      {seen.includes(menu.label) && (
                        <Suspense fallback={<span />}>
                          <FeaturedProducts groupKey={menu.featuredGroup} />
                        </Suspense>
                      )}
                    </div>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
