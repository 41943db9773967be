/** One branch on the contact page: address, hours, phone, WhatsApp (with a prefilled message) and map. */
import type { BranchInfo } from '@/lib/contracts/settings';
import { telHref, whatsappGreeting, whatsappHref } from './contact-links';
import styles from './branch-card.module.css';

export const BRANCH_CITY = { lagos: 'Lagos', abuja: 'Abuja' } as const;

export function BranchCard({ branch, brandName }: { branch: BranchInfo; brandName: string }) {
  const city = BRANCH_CITY[branch.key];
  const headingId = `branch-${branch.key}`;
  const whatsapp = whatsappHref(branch.whatsapp, whatsappGreeting(brandName, city));
  return (
    <section className={styles.card} aria-labelledby={headingId} id={branch.key}>
      <h2 id={headingId}>
        <span className={styles.city}>{city}</span>
        {branch.name}
      </h2>
      <dl className={styles.details}>
        <dt>Address</dt>
        <dd>
          <address>{branch.address}</address>
        </dd>
        <dt>Hours</dt>
        <dd>{branch.hours}</dd>
        <dt>Phone</dt>
        <dd>
          <a href={telHref(branch.phone)}>{branch.phone}</a>
        </dd>
        <dt>WhatsApp</dt>
        <dd>
          <a href={whatsapp} target="_blank" rel="noopener">
            {branch.whatsapp}
            <span className="visually-hidden"> (WhatsApp, opens in a new tab)</span>
          </a>
        </dd>
      </dl>
      <div className={styles.actions}>
        <a className={`${styles.action} ${styles.primary}`} href={whatsapp} target="_blank" rel="noopener">
          Chat on WhatsApp
          <span className="visually-hidden"> with {city} (opens in a new tab)</span>
        </a>
        <a className={styles.action} href={telHref(branch.phone)}>
          Call {city}
        </a>
        <a className={styles.action} href={branch.mapUrl} target="_blank" rel="noopener">
          Open map
          <span className="visually-hidden"> of the {city} branch (opens in a new tab)</span>
        </a>
      </div>
    </section>
  );
}
