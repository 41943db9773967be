import { Link } from '@/components/ui/link';
import type { InferGetServerSidePropsType } from 'next';
import { FaqList } from '@/components/content/faq-list';
import { PageHeader } from '@/components/content/page-header';
import { ShopLinks } from '@/components/content/shop-links';
import { Seo } from '@/components/seo/seo';
import { deliveryFactsFrom, FAQ_PATH, faqJsonLd, faqSections, type FaqSection } from '@/lib/content/faq';
import { getGuestHandshake, withShell } from '@/lib/server/shell';
import { useShell } from '@/lib/state/shell-context';
import content from '@/components/content/content.module.css';
import styles from './faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja.module.css';

/** The FAQ quotes today's delivery settings, so its fees are always the ones checkout charges. */
// The answers travel as page data and the JSON-LD is built here: the texts stay out of the JavaScript.
export const getServerSideProps = withShell<{ sections: FaqSection[]; jsonLd: object }>(async () => {
  const handshake = await getGuestHandshake();
  const sections = faqSections(deliveryFactsFrom(handshake.settings.deliverySettings));
  return { props: { sections, jsonLd: faqJsonLd(sections) } };
});

export default function FaqPage({ sections, jsonLd }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const { shopInfo } = useShell();
  return (
    <main className={`${content.page} ${content.narrow}`}>
      <Seo
        title={`FAQ: buying flowers and gifts in Lagos and Abuja | ${shopInfo.brandName}`}
        description="How to order, same-day delivery zones and fees in Lagos and Abuja, pickup points, payment and currencies, tracking, changes and returns, answered."
        path={FAQ_PATH}
        jsonLd={[jsonLd]}
      />
      <PageHeader
        eyebrow="Help"
        title="How to buy fresh flowers and gifts in Lagos and Abuja"
        lead="Everything you need to know before you order: same-day delivery and fees, pickup, payment, tracking, and what happens if plans change. Tap a question to see the answer."
      />
      <nav className={styles.jump} aria-label="FAQ topics">
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id} className={content.sectionTitle}>
            {section.title}
          </h2>
          <FaqList entries={section.entries} />
        </section>
      ))}
      <aside className={content.callout} aria-labelledby="still-need-help">
        <h2 id="still-need-help">Still have a question?</h2>
        <p>
          Our Lagos and Abuja teams answer by phone and WhatsApp around the clock. Have your order number ready if you already ordered. See the{' '}
          <Link href="/contact">contact page</Link> for numbers and addresses, or read our <Link href="/legal-terms">terms of sale</Link>.
        </p>
      </aside>
      <ShopLinks
        heading="Ready to order?"
        headingId="ready-to-order"
        links={[
          { label: 'Same-day delivery', href: '/filters?shopBy=same+day+delivery' },
          { label: 'Birthday flowers', href: '/product-category/birthday-flowers' },
          { label: 'Anniversary flowers', href: '/product-category/anniversary-flowers' },
          { label: 'Roses', href: '/product-category/roses' },
          { label: 'Gifts', href: '/product-category/gifts' },
        ]}
      />
    </main>
  );
}
