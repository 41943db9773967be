import { Link } from '@/components/ui/link';
import type { GetStaticProps } from 'next';
import { Seo } from '@/components/seo/seo';
import type { ShellProps } from '@/lib/server/shell';
import { staticShell } from '@/lib/server/static-shell';
import styles from './404.module.css';

export const getStaticProps: GetStaticProps<ShellProps> = async () => ({ props: { shell: staticShell() } });

export default function NotFound() {
  return (
    <main className={styles.page}>
      <Seo title="Page not found" description="The page you were looking for is not here." path="/404" noIndex />
      <h1>We could not find that page</h1>
      <p>The link may be old, or the product may no longer be available. These are good places to start:</p>
      <ul className={styles.links}>
        <li>
          <Link href="/">Home</Link>
        </li>
        <li>
          <Link href="/product-category/anniversary-flowers">Anniversary flowers</Link>
        </li>
        <li>
          <Link href="/product-category/birthday-flowers">Birthday flowers</Link>
        </li>
        <li>
          <Link href="/filters?shopBy=same+day+delivery">Same-day delivery</Link>
        </li>
        <li>
          <Link href="/contact">Contact us</Link>
        </li>
      </ul>
    </main>
  );
}
