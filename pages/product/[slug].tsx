import type { InferGetServerSidePropsType } from 'next';
import { serverApi } from '@/lib/server/page-api';
import * as calls from '@/lib/api/calls';
import { ApiError } from '@/lib/api/client';
import type { ProductDetail } from '@/lib/contracts/catalogue';
import { splitProductName } from '@/lib/domain/product-name';
import { deliveryConfigFor } from '@/lib/domain/delivery';
import { shopDay } from '@/lib/domain/dates';
import { getGuestHandshake, withShell } from '@/lib/server/shell';
import { breadcrumbJsonLd, productJsonLd } from '@/lib/seo/json-ld';
import { useCurrency } from '@/lib/state/currency-context';
import { DeliveryInfo, type DeliveryFacts } from '@/components/product/delivery-info';
import { ProductGrid } from '@/components/product/product-grid';
import { addToCart, preloadAddToCart } from '@/components/cart/add-to-cart';
import { ProductGallery } from '@/components/product/product-gallery';
import { ProductReviews } from '@/components/product/product-reviews';
import { PurchasePanel } from '@/components/product/purchase-panel';
import { CutoffNotice } from '@/components/cart/cutoff-notice';
import { ShareLinks } from '@/components/product/share-links';
import { Breadcrumbs, type Crumb } from '@/components/seo/breadcrumbs';
import { Seo } from '@/components/seo/seo';
import styles from './product.module.css';
import { useShell } from '@/lib/state/shell-context';

type Props = { product: ProductDetail; crumbs: Crumb[]; delivery: DeliveryFacts; jsonLd: object[] };

export const getServerSideProps = withShell<Props, { slug: string }>(async (ctx, shell) => {
  const slug = ctx.params?.slug ?? '';
  let product: ProductDetail;
  try {
    // The product notes come with the handshake below (kept in memory), not as includeAlerts,
    // which costs the call a settings query on every product not in the answer cache.
    product = await calls.getProductBySlug(serverApi(), slug, { relatedProductsCount: 4 });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { notFound: true };
    throw error;
  }
  // A former slug (the product was renamed in the back office): the call answered the product
  // under its current slug, and links and search results move there for good.
  if (product.slug !== slug) return { redirect: { destination: `/product/${encodeURIComponent(product.slug)}`, statusCode: 301 } };
  const handshake = await getGuestHandshake();
  const config = deliveryConfigFor(handshake.settings.deliverySettings, shopDay(new Date()));
  const fees = config.stateDeliveryZones.flatMap((state) => state.zones.filter((z) => z.areas.length > 0).map((z) => ({ label: `${z.label} (${z.areas.slice(0, 3).join(', ')}…)`, amount: z.amount })));
  const mainCategory = product.categories.find((c) => c !== 'all');
  const category = mainCategory ? await calls.getCategory(serverApi(), mainCategory).catch(() => null) : null;
  const title = splitProductName(product.name).title;
  const crumbs = [{ name: 'Home', path: '/' }, ...(category ? [{ name: category.title, path: `/product-category/${category.slug}` }] : []), { name: title, path: `/product/${product.slug}` }];
  return {
    props: {
      product,
      crumbs,
      delivery: { alerts: handshake.settings.alertSettings.productAlerts, fees, freeDeliveryThreshold: config.freeDeliveryThreshold },
      // JSON-LD is built here, so its builders stay out of the page's JavaScript.
      jsonLd: [productJsonLd(product, { siteUrl: shell.siteUrl, brandName: shell.shopInfo.brandName }), breadcrumbJsonLd(crumbs, shell.siteUrl)],
    },
  };
});

export default function ProductPage({ product, crumbs, delivery, jsonLd }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const shell = useShell();
  const { currency } = useCurrency();
  const { title, subtitle } = splitProductName(product.name);
  const path = `/product/${product.slug}`;
  const description = `${product.description.slice(0, 140)}${product.description.length > 140 ? '…' : ''}`;
  return (
    <main className={styles.page}>
      <Seo
        title={`${title}${subtitle ? ` – ${subtitle}` : ''} | ${shell.shopInfo.brandName}`}
        description={description}
        path={path}
        type="product"
        image={product.images[0] ? `${product.images[0].src}?w=800` : undefined}
        jsonLd={jsonLd}
      />
      <Breadcrumbs items={crumbs} />
      <div className={styles.layout}>
        <ProductGallery images={product.images} name={title} />
        <div className={styles.details}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          <div onPointerEnter={preloadAddToCart} onFocus={preloadAddToCart}>
            <PurchasePanel product={product} onAdd={(choice) => addToCart(choice.product, choice.variant, choice.design)} />
          </div>
          <CutoffNotice />
          <p className={styles.description}>{product.description}</p>
          <DeliveryInfo facts={delivery} />
          <ShareLinks url={`${shell.siteUrl}${path}`} title={title} />
        </div>
      </div>
      <ProductReviews reviews={product.reviews} rating={product.rating} />
      {product.relatedProducts.length > 0 && (
        <section className={styles.related} aria-labelledby="related-heading">
          <h2 id="related-heading">You may also like</h2>
          <ProductGrid products={product.relatedProducts} currency={currency} />
        </section>
      )}
    </main>
  );
}
