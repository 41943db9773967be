/** Visible breadcrumbs; pages add the matching BreadcrumbList JSON-LD through <Seo>. */
import { Link } from '@/components/ui/link';
import styles from './breadcrumbs.module.css';

export type Crumb = { name: string; path: string };

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.crumbs}>
      <ol>
        {items.map((item, i) => (
          <li key={item.path}>
            {i < items.length - 1 ? <Link href={item.path}>{item.name}</Link> : <span aria-current="page">{item.name}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
