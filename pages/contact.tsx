import { Link } from '@/components/ui/link';
import { BranchCard } from '@/components/content/branch-card';
import { PageHeader } from '@/components/content/page-header';
import { ShopLinks } from '@/components/content/shop-links';
import { Seo } from '@/components/seo/seo';
import { FAQ_PATH } from '@/lib/content/faq';
import { floristJsonLd } from '@/lib/seo/local-business';
import { withShell } from '@/lib/server/shell';
import { useShell } from '@/lib/state/shell-context';
import content from '@/components/content/content.module.css';
import styles from './contact.module.css';

export const getServerSideProps = withShell();

export default function ContactPage() {
  const { shopInfo, siteUrl } = useShell();
  const { branches, brandName, contactEmail } = shopInfo;
  return (
    <main className={content.page}>
      <Seo
        title={`Contact ${brandName}: Lagos and Abuja florists, phone and WhatsApp`}
        description="Call, WhatsApp or visit our Lagos head office and Abuja branch. Addresses, phone numbers, maps and hours; we take orders online 24/7 with same-day delivery."
        path="/contact"
        jsonLd={branches.map((branch) => floristJsonLd(branch, shopInfo, siteUrl))}
      />
      <PageHeader
        eyebrow="Contact"
        title="Contact us in Lagos and Abuja"
        lead={
          <>
            We are open 24/7 online: order any time of day or night, and we deliver the same day anywhere in Lagos and Abuja. For help with an order, message or call the branch
            nearest the recipient, and have your order number ready.
          </>
        }
      />
      <div className={styles.branches}>
        {branches.map((branch) => (
          <BranchCard key={branch.key} branch={branch} brandName={brandName} />
        ))}
      </div>
      <div className={styles.more}>
        <section className={styles.panel} aria-labelledby="email">
          <h2 id="email">E-mail</h2>
          <p>
            For corporate orders, weddings and events, or anything that needs more than a quick message, write to{' '}
            <a href={`mailto:${contactEmail}`}>{contactEmail}</a>. Put your order number in the subject if you have one.
          </p>
        </section>
        <section className={styles.panel} aria-labelledby="before-you-write">
          <h2 id="before-you-write">Quick answers</h2>
          <ul>
            <li>
              <Link href="/order-tracker">Track your order</Link> with your order number.
            </li>
            <li>
              Delivery zones, fees, pickup points and payment: <Link href={FAQ_PATH}>read the FAQ</Link>.
            </li>
            <li>
              Changes, redelivery and returns: <Link href="/legal-terms">terms of sale</Link>.
            </li>
          </ul>
        </section>
      </div>
      <ShopLinks
        heading="Send flowers today"
        headingId="send-flowers"
        links={[
          { label: 'Same-day delivery', href: '/filters?shopBy=same+day+delivery' },
          { label: 'Birthday flowers', href: '/product-category/birthday-flowers' },
          { label: 'Get well soon', href: '/product-category/get-well-soon' },
          { label: 'Funeral and condolence', href: '/product-category/funeral-and-condolence' },
          { label: 'VIP flowers', href: '/vip-flowers' },
        ]}
      />
    </main>
  );
}
