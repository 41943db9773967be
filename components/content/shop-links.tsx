/** A row of pill links to shop pages or help pages, with an optional heading. */
import { Link } from '@/components/ui/link';
import type { NavLink } from '@/lib/contracts/shell';
import styles from './shop-links.module.css';

type Props = { links: NavLink[]; heading?: string; headingId?: string; compact?: boolean; label?: string };

export function ShopLinks({ links, heading, headingId, compact = false, label }: Props) {
  if (links.length === 0) return null;
  const list = (
    <ul className={`${styles.links} ${compact ? styles.inline : ''}`} aria-label={heading ? undefined : label}>
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href}>{link.label}</Link>
        </li>
      ))}
    </ul>
  );
  if (!heading) return list;
  return (
    <section className={styles.block} aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {list}
    </section>
  );
}
