import type { InferGetServerSidePropsType } from 'next';
import { serverApi } from '@/lib/api/server';
import * as calls from '@/lib/api/calls';
import { withShell } from '@/lib/server/shell';
import { useCurrency } from '@/lib/state/currency-context';
import { ProductCard } from '@/components/product/product-card';
import { Seo } from '@/components/seo/seo';
import styles from './index.module.css';

export const getServerSideProps = withShell(async () => {
  const page = await calls.paginateProducts(serverApi(), { pageSize: 12 });
  return { props: { bestSellers: page.items.filter((p) => p.inStock) } };
});

export default function Home({ bestSellers, shell }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const { currency } = useCurrency();
  return (
    <main>
      <Seo
        title={`${shell.shopInfo.brandName} – Fresh flowers and gifts delivered same day in Lagos and Abuja`}
        description="Order fresh flowers, roses, cakes, wine and gifts online for same-day delivery in Lagos and Abuja. Open 24/7."
        path="/"
      />
      <section className={styles.hero}>
        <h1>Fresh flowers and gifts, delivered today in Lagos and Abuja</h1>
        <p>Open 24/7 online. Same-day delivery across Lagos and Abuja; other states case by case.</p>
      </section>
      <section className={styles.section} aria-labelledby="best-sellers">
        <h2 id="best-sellers">Best selling products</h2>
        <div className={styles.grid}>
          {bestSellers.map((product, i) => (
            <ProductCard key={product.id} product={product} currency={currency} priority={i < 4} />
          ))}
        </div>
      </section>
    </main>
  );
}
