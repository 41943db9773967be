/** @jest-environment node */
import type { BranchInfo, ShopInfo } from '@/lib/contracts/settings';
import { floristJsonLd, internationalPhone } from '@/lib/seo/local-business';

const lagos: BranchInfo = {
  key: 'lagos',
  name: 'Lagos Head Office',
  address: '81b Lafiaji Way, Dolphin Estate, Ikoyi, Lagos',
  phone: '+234 803 000 0001',
  whatsapp: '+234 803 000 0001',
  mapUrl: 'https://maps.google.com/?q=Dolphin+Estate+Ikoyi+Lagos',
  hours: 'Open 24 hours',
};
const abuja: BranchInfo = {
  key: 'abuja',
  name: 'Abuja Branch',
  address: '5 Nairobi Street, off Aminu Kano Crescent, Wuse 2, Abuja',
  phone: '0803 000 0002',
  whatsapp: '0803 000 0002',
  mapUrl: 'https://maps.google.com/?q=Wuse+2+Abuja',
  hours: 'Open 24 hours',
};
const shopInfo: ShopInfo = {
  brandName: 'Regal Flowers',
  contactEmail: 'info@shop.example',
  branches: [lagos, abuja],
  paymentInfo: { bankName: 'b', bankAccountName: 'n', bankAccountNumber: '0', walletEmail: 'w@x.y', bitcoinAddress: 'bc1' },
  pickupLocations: [],
};

describe('floristJsonLd', () => {
  it('describes the Lagos branch as a Florist with a Nigerian postal address', () => {
    expect(floristJsonLd(lagos, shopInfo, 'https://shop.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Florist',
      '@id': 'https://shop.example/contact#lagos',
      name: 'Regal Flowers – Lagos Head Office',
      url: 'https://shop.example/',
      image: 'https://shop.example/favicon.svg',
      telephone: '+2348030000001',
      email: 'info@shop.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '81b Lafiaji Way, Dolphin Estate, Ikoyi',
        addressLocality: 'Lagos',
        addressRegion: 'Lagos',
        addressCountry: 'NG',
      },
      openingHours: 'Mo-Su 00:00-23:59',
      hasMap: 'https://maps.google.com/?q=Dolphin+Estate+Ikoyi+Lagos',
      areaServed: { '@type': 'City', name: 'Lagos' },
      currenciesAccepted: 'NGN, USD, GBP',
      paymentAccepted: 'Credit card, Debit card, PayPal, Bank transfer, Bitcoin',
      parentOrganization: { '@type': 'Organization', name: 'Regal Flowers', url: 'https://shop.example/' },
    });
  });

  it('places the Abuja branch in Abuja, FCT, with an international phone number', () => {
    const ld = floristJsonLd(abuja, shopInfo, 'https://shop.example/');
    expect(ld.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '5 Nairobi Street, off Aminu Kano Crescent, Wuse 2',
      addressLocality: 'Abuja',
      addressRegion: 'Federal Capital Territory',
      addressCountry: 'NG',
    });
    expect(ld.telephone).toBe('+2348030000002');
    expect(ld['@id']).toBe('https://shop.example/contact#abuja');
    expect(ld.url).toBe('https://shop.example/');
  });

  it('keeps an address that does not end in the city whole', () => {
    const ld = floristJsonLd({ ...lagos, address: 'Plot 3, Admiralty Way, Lekki Phase 1' }, shopInfo, 'https://shop.example');
    expect(ld.address.streetAddress).toBe('Plot 3, Admiralty Way, Lekki Phase 1');
  });

  it('gives each branch its own @id, so two blocks on one page stay distinct', () => {
    const ids = shopInfo.branches.map((b) => floristJsonLd(b, shopInfo, 'https://shop.example')['@id']);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('internationalPhone', () => {
  it.each([
    ['+234 803 000 0001', '+2348030000001'],
    ['0803 000 0001', '+2348030000001'],
    ['234-803-000-0001', '+2348030000001'],
    ['+44 20 7946 0000', '+442079460000'],
  ])('%s → %s', (input, output) => {
    expect(internationalPhone(input)).toBe(output);
  });
});
