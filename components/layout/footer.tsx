/**
 * The footer (spec section 2): About, Shop by Occasion and Others link columns; payment
 * information; both branches; Get In Touch; newsletter sign-up; legal and social links; currency.
 */
import { Link } from '@/components/ui/link';
import { kept } from '@/lib/ui/kept-markup';
import type { ShellData } from '@/lib/contracts/shell';
import { useShell } from '@/lib/state/shell-context';
import { CurrencySwitcher } from '@/components/layout/header/currency-switcher';
import { Newsletter } from '@/components/layout/newsletter';
import styles from './footer.module.css';

const whatsappHref = (number: string) => `https://wa.me/${number.replace(/\D/g, '')}`;
const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;

/**
 * The columns above the footer's bottom line: drawn from the shell alone, the same on every page,
 * so the server keeps their markup (lib/ui/kept-markup.ts).
 */
function Columns({ data }: { data: ShellData }) {
  const { shopInfo, navigation } = data;
  const { paymentInfo, branches } = shopInfo;
  return (
    <>
      <div className={styles.brand}>
        <Link href="/" className={styles.logo} aria-label={`${shopInfo.brandName} home`}>
          {shopInfo.brandName}
        </Link>
        <p>Fresh flowers and gifts, delivered the same day in Lagos and Abuja. Open 24/7 online.</p>
      </div>
      {navigation.footer.map((column) => (
        <nav key={column.label} aria-label={column.label} className={styles.column}>
          <h2>{column.label}</h2>
          <ul>
            {column.links.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
      <section className={styles.column} aria-labelledby="footer-payment">
        <h2 id="footer-payment">Payment Information</h2>
        <dl className={styles.payment}>
          <dt>Bank transfer (Naira)</dt>
          <dd>
            {paymentInfo.bankName}
            <br />
            {paymentInfo.bankAccountName}
            <br />
            Account number <strong>{paymentInfo.bankAccountNumber}</strong>
          </dd>
          <dt>Online wallet</dt>
          <dd>{paymentInfo.walletEmail}</dd>
          <dt>Bitcoin</dt>
          <dd className={styles.wrap}>{paymentInfo.bitcoinAddress}</dd>
        </dl>
      </section>
      {branches.map((branch) => (
        <section key={branch.key} className={styles.column} aria-labelledby={`footer-branch-${branch.key}`}>
          <h2 id={`footer-branch-${branch.key}`}>{branch.name}</h2>
          <p>{branch.address}</p>
          <p>{branch.hours}</p>
          <p>
            <a href={branch.mapUrl} rel="noopener" target="_blank">
              View on map
            </a>
          </p>
        </section>
      ))}
      <section className={styles.column} aria-labelledby="footer-contact">
        <h2 id="footer-contact">Get In Touch</h2>
        <ul>
          {branches.map((branch) => (
            <li key={branch.key}>
              {`${branch.key === 'lagos' ? 'Lagos' : 'Abuja'}: `}
              <a href={telHref(branch.phone)}>{branch.phone}</a> ·{' '}
              <a href={whatsappHref(branch.whatsapp)} rel="noopener" target="_blank">
                WhatsApp
              </a>
            </li>
          ))}
          <li>
            <a href={`mailto:${shopInfo.contactEmail}`}>{shopInfo.contactEmail}</a>
          </li>
        </ul>
        <Newsletter />
      </section>
    </>
  );
}

export function Footer() {
  const shell = useShell();
  const { shopInfo, navigation, year = new Date().getFullYear() } = shell;
  return (
    <footer className={styles.footer}>
      {kept('div', styles.grid, Columns, shell)}
      <div className={styles.bottom}>
        <p>{`© ${year} ${shopInfo.brandName}`}</p>
        <ul className={styles.inline}>
          {navigation.legal.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.label}</Link>
            </li>
          ))}
          {navigation.social.map((link) => (
            <li key={link.href}>
              <a href={link.href} rel="noopener" target="_blank">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <CurrencySwitcher placement="footer" />
      </div>
    </footer>
  );
}
