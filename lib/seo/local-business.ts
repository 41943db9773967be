/**
 * schema.org `Florist` (a LocalBusiness subtype) JSON-LD for one branch, shown on the contact
 * page. Pure: the branch and shop information come from the handshake's `shopInfo`.
 */
import type { BranchInfo, ShopInfo } from '@/lib/contracts/settings';

export type FloristJsonLd = {
  '@context': 'https://schema.org';
  '@type': 'Florist';
  '@id': string;
  name: string;
  url: string;
  image: string;
  telephone: string;
  email: string;
  address: {
    '@type': 'PostalAddress';
    streetAddress: string;
    addressLocality: 'Lagos' | 'Abuja';
    addressRegion: 'Lagos' | 'Federal Capital Territory';
    addressCountry: 'NG';
  };
  /** The shop takes orders around the clock, every day. */
  openingHours: 'Mo-Su 00:00-23:59';
  hasMap: string;
  areaServed: { '@type': 'City'; name: 'Lagos' | 'Abuja' };
  currenciesAccepted: string;
  paymentAccepted: string;
  parentOrganization: { '@type': 'Organization'; name: string; url: string };
};

const CITY = { lagos: 'Lagos', abuja: 'Abuja' } as const;
const REGION = { lagos: 'Lagos', abuja: 'Federal Capital Territory' } as const;

/**
 * A phone number in international form for `telephone`: digits only, with the Nigerian
 * country code (a leading 0 replaced by +234).
 * @example internationalPhone('+234 803 000 0001') // '+2348030000001'
 * @example internationalPhone('0803 000 0001') // '+2348030000001'
 */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `+${digits}`;
  if (digits.startsWith('234')) return `+${digits}`;
  if (digits.startsWith('0')) return `+234${digits.slice(1)}`;
  return `+234${digits}`;
}

/** The street part of an address: a trailing ", Lagos" / ", Abuja" is the locality, not the street. */
function streetOf(address: string, city: string): string {
  const trimmed = address.trim();
  const suffix = new RegExp(`,\\s*${city}\\.?$`, 'i');
  return trimmed.replace(suffix, '').trim() || trimmed;
}

/**
 * The `Florist` JSON-LD of one branch: name, postal address (locality Lagos or Abuja, country
 * NG), telephone, e-mail, the shop's URL, 24/7 opening hours and the map link.
 *
 * @example
 * floristJsonLd(lagosBranch, shopInfo, 'https://shop.example')
 * // { '@type': 'Florist', name: 'Regal Flowers – Lagos Head Office', telephone: '+2348030000001',
 * //   address: { '@type': 'PostalAddress', streetAddress: '81b Lafiaji Way, Dolphin Estate, Ikoyi',
 * //              addressLocality: 'Lagos', addressRegion: 'Lagos', addressCountry: 'NG' },
 * //   openingHours: 'Mo-Su 00:00-23:59', hasMap: 'https://maps.google.com/?q=…', ... }
 */
export function floristJsonLd(branch: BranchInfo, shopInfo: ShopInfo, siteUrl: string): FloristJsonLd {
  const site = siteUrl.replace(/\/+$/, '');
  const city = CITY[branch.key];
  return {
    '@context': 'https://schema.org',
    '@type': 'Florist',
    '@id': `${site}/contact#${branch.key}`,
    name: `${shopInfo.brandName} – ${branch.name}`,
    url: `${site}/`,
    image: `${site}/favicon.svg`,
    telephone: internationalPhone(branch.phone),
    email: shopInfo.contactEmail,
    address: {
      '@type': 'PostalAddress',
      streetAddress: streetOf(branch.address, city),
      addressLocality: city,
      addressRegion: REGION[branch.key],
      addressCountry: 'NG',
    },
    openingHours: 'Mo-Su 00:00-23:59',
    hasMap: branch.mapUrl,
    areaServed: { '@type': 'City', name: city },
    currenciesAccepted: 'NGN, USD, GBP',
    paymentAccepted: 'Credit card, Debit card, PayPal, Bank transfer, Bitcoin',
    parentOrganization: { '@type': 'Organization', name: shopInfo.brandName, url: `${site}/` },
  };
}
