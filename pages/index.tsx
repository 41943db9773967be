import { Link } from '@/components/ui/link';
import type { InferGetServerSidePropsType } from 'next';
import { serverApi } from '@/lib/server/page-api';
import * as calls from '@/lib/api/calls';
import type { ProductSummary } from '@/lib/contracts/catalogue';
import { DEFAULT_CATEGORY } from '@/lib/domain/catalogue';
import { pickFeatured } from '@/lib/domain/featured';
import { withShell } from '@/lib/server/shell';
import { useCurrency } from '@/lib/state/currency-context';
import { ProductGrid } from '@/components/product/product-grid';
import { ProductImage } from '@/components/product/product-image';
import { Seo } from '@/components/seo/seo';
import styles from './index.module.css';
import { useShell } from '@/lib/state/shell-context';

type Section = { key: string; title: string; href: string; products: ProductSummary[] };

const SECTIONS = [
  { key: 'product', title: 'Best selling products', href: `/product-category/${DEFAULT_CATEGORY}`, count: 8 },
  { key: 'romance', title: 'Romance and anniversaries', href: '/product-category/anniversary-flowers', count: 4 },
  { key: 'birthday', title: 'Birthday favourites', href: '/product-category/birthday-flowers', count: 4 },
  { key: 'gift', title: 'Gifts to go with them', href: '/product-category/gifts', count: 4 },
] as const;

const OCCASIONS = [
  { label: 'Birthday', href: '/product-category/birthday-flowers', tone: 'rose' },
  { label: 'Anniversary', href: '/product-category/anniversary-flowers', tone: 'wine' },
  { label: "Valentine's", href: '/product-category/valentines-day-flowers', tone: 'red' },
  { label: 'Thank you & sorry', href: '/product-category/flowers-to-say-thanks-sorry-etc', tone: 'peach' },
  { label: 'Get well soon', href: '/product-category/get-well-soon', tone: 'sun' },
  { label: 'Bridal', href: '/product-category/bridal-bouquets', tone: 'ivory' },
  { label: 'Funeral & condolence', href: '/product-category/funeral-and-condolence', tone: 'sage' },
  { label: 'Gifts', href: '/product-category/gifts', tone: 'gold' },
] as const;

export const getServerSideProps = withShell<{ sections: Section[] }>(async (_ctx, shell) => {
  const groups = SECTIONS.map((s) => ({ ...s, slugs: shell.featuredGroups.find((g) => g.key === s.key)?.featuredSlugs ?? [] }));
  const slugs = [...new Set(groups.flatMap((g) => g.slugs))].slice(0, 100);
  const products = slugs.length > 0 ? await calls.getProductsBySlugs(serverApi(), slugs) : [];
  const bySlug = new Map(products.filter((p) => p.inStock).map((p) => [p.slug, p]));
  const taken = new Set<string>();
  const sections = groups.map(({ key, title, href, count, slugs: groupSlugs }) => {
    const candidates = groupSlugs.flatMap((slug) => (bySlug.has(slug) && !taken.has(slug) ? [bySlug.get(slug)!] : []));
    const chosen = pickFeatured(candidates, count);
    chosen.forEach((p) => taken.add(p.slug));
    return { key, title, href, products: chosen };
  });
  return { props: { sections: sections.filter((s) => s.products.length > 0) } };
});

export default function Home({ sections }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const shell = useShell();
  const { currency } = useCurrency();
  const hero = sections[0]?.products[0];
  const { brandName, branches } = shell.shopInfo;
  return (
    <main>
      <Seo
        title={`${brandName} – Fresh flowers and gifts delivered same day in Lagos and Abuja`}
        description="Order fresh flowers, roses, cakes, wine and gifts online for same-day delivery in Lagos and Abuja. Open 24/7; pay in naira, dollars or pounds."
        path="/"
      />
      <section className={styles.hero}>
        <div className={styles.heroText}>
          <p className={styles.kicker}>Open 24/7 · Lagos &amp; Abuja</p>
          <h1>Fresh flowers and gifts, delivered today</h1>
          <p>Hand-made by our florists in Lagos and Abuja and delivered the same day. Order from anywhere and pay in naira, dollars or pounds.</p>
          <div className={styles.ctas}>
            <Link className={styles.primary} href="/filters?shopBy=same+day+delivery">
              Shop same-day delivery
            </Link>
            <Link className={styles.secondary} href="/vip-flowers">
              VIP flowers
            </Link>
          </div>
        </div>
        {hero?.images[0] && (
          <Link href={`/product/${hero.slug}`} className={styles.heroImage} aria-label={hero.name}>
            <ProductImage src={hero.images[0].src} alt={hero.images[0].alt} sizes="(max-width: 768px) 100vw, 480px" priority />
          </Link>
        )}
      </section>

      <section className={styles.section} aria-labelledby="occasions">
        <h2 id="occasions">Shop by occasion</h2>
        <ul className={styles.occasions}>
          {OCCASIONS.map((o) => (
            <li key={o.href}>
              <Link href={o.href} className={`${styles.occasion} ${styles[o.tone]}`}>
                {o.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {sections.map((section, index) => (
        <section key={section.key} className={styles.section} aria-labelledby={`section-${section.key}`}>
          <div className={styles.sectionHead}>
            <h2 id={`section-${section.key}`}>{section.title}</h2>
            <Link href={section.href} className={styles.seeAll}>
              See All <span className="visually-hidden">{section.title.toLowerCase()}</span>
            </Link>
          </div>
          <ProductGrid products={section.products} currency={currency} />
          {index === 0 && (
            <div className={styles.promise}>
              <div>
                <h2>Same-day delivery in Lagos and Abuja</h2>
                <p>
                  Order before 4pm and we deliver today, anywhere in Lagos or Abuja. Other states: our staff call you with a quote. Pickup is free at Ikoyi, Lekki
                  and Abuja.
                </p>
              </div>
              <ul className={styles.trust}>
                <li>
                  <strong>Open 24/7</strong> order any time, day or night
                </li>
                <li>
                  <strong>Secure payment</strong> cards, PayPal, bank transfer or Bitcoin
                </li>
                <li>
                  <strong>Fresh every day</strong> hand-made by our florists
                </li>
              </ul>
            </div>
          )}
        </section>
      ))}

      <section className={styles.section} aria-labelledby="branches">
        <h2 id="branches">Visit or call our branches</h2>
        <div className={styles.branches}>
          {branches.map((branch) => (
            <div key={branch.key} className={styles.branch}>
              <h3>{branch.name}</h3>
              <p>{branch.address}</p>
              <p>{branch.hours}</p>
              <p>
                <a href={`tel:${branch.phone.replace(/[^\d+]/g, '')}`}>{branch.phone}</a> ·{' '}
                <a href={`https://wa.me/${branch.whatsapp.replace(/\D/g, '')}`} target="_blank" rel="noopener noreferrer">
                  WhatsApp
                </a>{' '}
                ·{' '}
                <a href={branch.mapUrl} target="_blank" rel="noopener noreferrer">
                  Map
                </a>
              </p>
            </div>
          ))}
        </div>
      </section>
    </main>
  );
}
