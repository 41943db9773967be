/**
 * Sample shop settings written by the seed: currencies, delivery zones and fees (from the shop's
 * public facts), peak-date overrides, and the alert texts. Staff change them in the database.
 */
import type { AlertSettings, DeliveryConfig, DeliverySettings, StateDeliveryZones } from '@/lib/contracts/settings';
import { DEFAULT_CURRENCIES } from '@/lib/domain/money';

export const SEED_CURRENCIES = DEFAULT_CURRENCIES.map((c, i) => ({ ...c, sortOrder: i }));

function zones(fees: { lagosCentral: number; lagosOuter: number; abujaCentral: number; abujaOuter: number }): StateDeliveryZones[] {
  return [
    {
      state: 'lagos',
      label: 'Lagos',
      zones: [
        { name: 'lagos-central', label: 'Lagos central', areas: ['Lekki', 'Victoria Island', 'Ikoyi', 'Ikeja', 'Gbagada', 'Yaba', 'Surulere'], amount: fees.lagosCentral, freeAboveThreshold: true },
        { name: 'lagos-outer', label: 'Lagos outer', areas: ['Ibeju-Lekki', 'Ikorodu', 'Epe', 'Badagry'], amount: fees.lagosOuter, freeAboveThreshold: false },
        { name: 'lagos-unsure', label: 'Not sure of the address, call the recipient', areas: [], amount: fees.lagosOuter, freeAboveThreshold: false },
      ],
    },
    {
      state: 'abuja',
      label: 'Abuja',
      zones: [
        { name: 'abuja-central', label: 'Abuja central', areas: ['Wuse', 'Maitama', 'Jabi', 'Garki', 'Asokoro'], amount: fees.abujaCentral, freeAboveThreshold: true },
        { name: 'abuja-outer', label: 'Abuja outer', areas: ['Bwari', 'Suleja', 'Lugbe', 'Kubwa'], amount: fees.abujaOuter, freeAboveThreshold: false },
        { name: 'abuja-unsure', label: 'Not sure of the address, call the recipient', areas: [], amount: fees.abujaOuter, freeAboveThreshold: false },
      ],
    },
    { state: 'other-locations', label: 'Other states (quoted by our staff)', zones: [] },
  ];
}

const baseConfig: DeliveryConfig = {
  name: 'Standard delivery',
  description: 'Same-day delivery in Lagos and Abuja; other states case by case.',
  type: 'base',
  infoTextConfigs: [
    { state: 'lagos', text: 'Same-day delivery anywhere in Lagos for orders placed before 4pm.' },
    { state: 'abuja', text: 'Same-day delivery anywhere in Abuja for orders placed before 4pm.' },
    { state: 'other-locations', text: 'We deliver to other states case by case: our staff will call you with a quote.' },
  ],
  minAmount: 0,
  minAmountInfoText: '',
  freeDeliveryThreshold: 100_000,
  stateDeliveryZones: zones({ lagosCentral: 4_500, lagosOuter: 10_000, abujaCentral: 3_500, abujaOuter: 6_000 }),
  active: true,
};

export const SEED_DELIVERY_SETTINGS: DeliverySettings = {
  baseConfig,
  overrideConfigs: [
    {
      ...baseConfig,
      name: 'Valentine peak',
      description: "Valentine's peak days: higher delivery fees and a higher free-delivery threshold.",
      type: 'override',
      freeDeliveryThreshold: 150_000,
      minAmount: 30_000,
      minAmountInfoText: "Over Valentine's (13-15 February) the smallest order we can deliver is {{30000}}.",
      stateDeliveryZones: zones({ lagosCentral: 20_000, lagosOuter: 30_000, abujaCentral: 20_000, abujaOuter: 30_000 }),
      dates: ['02-13', '02-14', '02-15'],
    },
    {
      ...baseConfig,
      name: 'Festive peak',
      description: 'Christmas and New Year: festive delivery fees.',
      type: 'override',
      freeDeliveryThreshold: 150_000,
      stateDeliveryZones: zones({ lagosCentral: 10_000, lagosOuter: 20_000, abujaCentral: 10_000, abujaOuter: 15_000 }),
      dates: ['12-25', '12-26', '01-01'],
    },
  ],
  sameDayCutoffHour: 16,
};

export const SEED_ALERT_SETTINGS: AlertSettings = {
  siteWideAlert:
    'Same-day delivery in Lagos and Abuja for orders placed before 4pm · Free delivery in central Lagos and Abuja on orders above {{100000}} · We are open 24/7 online',
  paymentAlerts: [
    { paymentMethod: 'gtbTransfer', message: 'Quote your order number as the transfer reference. We confirm transfers within 30 minutes.' },
    { paymentMethod: 'bitcoinTransfer', message: 'Send the exact amount shown; we confirm after one network confirmation.' },
  ],
  productAlerts: [
    'Order before 4pm for same-day delivery in Lagos and Abuja.',
    'Flowers cannot be returned; if anything is wrong with your order, call us the same day.',
  ],
};
