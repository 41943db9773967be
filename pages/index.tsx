import Head from 'next/head';
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { serverApi } from '@/lib/api/server';
import * as calls from '@/lib/api/calls';
import type { ProductSummary } from '@/lib/contracts/catalogue';
import type { ShopInfo } from '@/lib/contracts/settings';
import { DEFAULT_CURRENCIES } from '@/lib/domain/money';
import { ProductCard } from '@/components/product/product-card';
import styles from './index.module.css';

type Props = { bestSellers: ProductSummary[]; shopInfo: ShopInfo };

export const getServerSideProps: GetServerSideProps<Props> = async () => {
  const api = serverApi();
  const [page, handshake] = await Promise.all([calls.paginateProducts(api, { pageSize: 12 }), calls.getHandshake(api)]);
  return { props: { bestSellers: page.items.filter((p) => p.inStock), shopInfo: handshake.settings.shopInfo } };
};

export default function Home({ bestSellers, shopInfo }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const naira = DEFAULT_CURRENCIES[0]!;
  return (
    <>
      <Head>
        <title>{`${shopInfo.brandName} – Fresh flowers and gifts delivered same day in Lagos and Abuja`}</title>
        <meta name="description" content="Order fresh flowers, roses, cakes, wine and gifts online for same-day delivery in Lagos and Abuja. Open 24/7." />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <header className={styles.header}>
        <h1 className={styles.brand}>{shopInfo.brandName}</h1>
      </header>
      <main>
        <section className={styles.hero}>
          <h2>Fresh flowers and gifts, delivered today in Lagos and Abuja</h2>
          <p>Open 24/7 online. Same-day delivery across Lagos and Abuja; other states case by case.</p>
        </section>
        <section className={styles.section} aria-labelledby="best-sellers">
          <h2 id="best-sellers">Best selling products</h2>
          <div className={styles.grid}>
            {bestSellers.map((product, i) => (
              <ProductCard key={product.id} product={product} currency={naira} priority={i < 4} />
            ))}
          </div>
        </section>
      </main>
      <footer className={styles.branches}>
        {shopInfo.branches.map((branch) => (
          <div key={branch.key}>
            <h3>{branch.name}</h3>
            <p>{branch.address}</p>
            <p>{branch.phone}</p>
            <p>{branch.hours}</p>
          </div>
        ))}
      </footer>
    </>
  );
}
