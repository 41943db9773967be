/**
 * The FAQ page's questions and answers ("how to buy fresh flowers and gifts in Lagos and Abuja").
 * Delivery fees, thresholds and the same-day cut-off are read from the live delivery settings
 * (`deliveryFactsFrom`), so the FAQ never quotes a fee that checkout does not charge; the rest is
 * the shop's own wording of its rules (spec section 1).
 */
import type { DeliveryConfig, DeliverySettings } from '@/lib/contracts/settings';
import type { NavLink } from '@/lib/contracts/shell';
import { DEFAULT_CURRENCIES, formatPrice } from '@/lib/domain/money';

export type FaqEntry = {
  /** Stable anchor, e.g. 'same-day-delivery' (linkable as #same-day-delivery). */
  id: string;
  question: string;
  answer: string[];
  /** A table shown after the answer's first paragraph (and read out as sentences in the JSON-LD). */
  table?: FaqTable;
  /** Shopping or help links shown under the answer. */
  links?: NavLink[];
};

export type FaqTable = { caption: string; head: [string, string, string]; rows: [string, string, string][] };

export type FaqSection = { id: string; title: string; entries: FaqEntry[] };

/** Peak-date delivery: the fee range over all zones, the free-delivery threshold and the smallest order. */
export type PeakFacts = { minFee: number; maxFee: number; freeDeliveryThreshold: number; minAmount: number };

/** The delivery numbers the FAQ quotes, all in naira. */
export type DeliveryFacts = {
  lagosCentral: number;
  lagosOuter: number;
  abujaCentral: number;
  abujaOuter: number;
  lagosCentralAreas: string[];
  lagosOuterAreas: string[];
  abujaCentralAreas: string[];
  abujaOuterAreas: string[];
  freeDeliveryThreshold: number;
  /** Latest hour (0-23, Lagos time) for same-day delivery. */
  cutoffHour: number;
  valentine: PeakFacts | null;
  festive: PeakFacts | null;
};

/** The shop's published sample numbers (shop facts), used when a setting is missing. */
export const DEFAULT_DELIVERY_FACTS: DeliveryFacts = {
  lagosCentral: 4_500,
  lagosOuter: 10_000,
  abujaCentral: 3_500,
  abujaOuter: 6_000,
  lagosCentralAreas: ['Lekki', 'Victoria Island', 'Ikoyi', 'Ikeja', 'Gbagada', 'Yaba', 'Surulere'],
  lagosOuterAreas: ['Ibeju-Lekki', 'Ikorodu', 'Epe', 'Badagry'],
  abujaCentralAreas: ['Wuse', 'Maitama', 'Jabi', 'Garki', 'Asokoro'],
  abujaOuterAreas: ['Bwari', 'Suleja', 'Lugbe', 'Kubwa'],
  freeDeliveryThreshold: 100_000,
  cutoffHour: 16,
  valentine: { minFee: 20_000, maxFee: 30_000, freeDeliveryThreshold: 150_000, minAmount: 30_000 },
  festive: null,
};

function findZone(config: DeliveryConfig, name: string) {
  for (const state of config.stateDeliveryZones) {
    const zone = state.zones.find((z) => z.name === name);
    if (zone) return zone;
  }
  return undefined;
}

function peakFacts(settings: DeliverySettings, monthDay: string): PeakFacts | null {
  const config = settings.overrideConfigs.find((c) => c.active && c.dates?.includes(monthDay));
  if (!config) return null;
  const fees = config.stateDeliveryZones.flatMap((s) => s.zones.map((z) => z.amount)).filter((fee) => fee > 0);
  if (fees.length === 0) return null;
  return { minFee: Math.min(...fees), maxFee: Math.max(...fees), freeDeliveryThreshold: config.freeDeliveryThreshold, minAmount: config.minAmount };
}

/**
 * The numbers the FAQ quotes, taken from the delivery settings of the handshake.
 * @example deliveryFactsFrom(SEED_DELIVERY_SETTINGS).lagosCentral // 4500
 */
export function deliveryFactsFrom(settings: DeliverySettings): DeliveryFacts {
  const base = settings.baseConfig;
  const zone = (name: string) => findZone(base, name);
  const d = DEFAULT_DELIVERY_FACTS;
  return {
    lagosCentral: zone('lagos-central')?.amount ?? d.lagosCentral,
    lagosOuter: zone('lagos-outer')?.amount ?? d.lagosOuter,
    abujaCentral: zone('abuja-central')?.amount ?? d.abujaCentral,
    abujaOuter: zone('abuja-outer')?.amount ?? d.abujaOuter,
    lagosCentralAreas: zone('lagos-central')?.areas ?? d.lagosCentralAreas,
    lagosOuterAreas: zone('lagos-outer')?.areas ?? d.lagosOuterAreas,
    abujaCentralAreas: zone('abuja-central')?.areas ?? d.abujaCentralAreas,
    abujaOuterAreas: zone('abuja-outer')?.areas ?? d.abujaOuterAreas,
    freeDeliveryThreshold: base.freeDeliveryThreshold,
    cutoffHour: settings.sameDayCutoffHour,
    valentine: peakFacts(settings, '02-14'),
    festive: peakFacts(settings, '12-25'),
  };
}

const NGN = DEFAULT_CURRENCIES[0]!;
/** '₦4,500' */
export const naira = (amount: number): string => formatPrice(amount, NGN);

/**
 * An hour of the day as people say it in Nigeria.
 * @example hourLabel(16) // '4pm'
 */
export function hourLabel(hour: number): string {
  if (hour === 0) return 'midnight';
  if (hour === 12) return '12 noon';
  return hour < 12 ? `${hour}am` : `${hour - 12}pm`;
}

const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

const category = (slug: string) => `/product-category/${slug}`;
export const FAQ_PATH = '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja';

/** Every question of the FAQ page, grouped into sections, with the given delivery numbers. */
export function faqSections(facts: DeliveryFacts = DEFAULT_DELIVERY_FACTS): FaqSection[] {
  const cutoff = hourLabel(facts.cutoffHour);
  const v = facts.valentine;
  const peakFee = v ? (v.minFee === v.maxFee ? naira(v.minFee) : `${naira(v.minFee)} to ${naira(v.maxFee)}`) : '';
  return [
    {
      id: 'ordering',
      title: 'Ordering',
      entries: [
        {
          id: 'how-to-order',
          question: 'How do I order flowers or gifts online?',
          answer: [
            'Browse by occasion (birthday, anniversary, get well soon, condolence and more) or by flower, pick a product and, where offered, a size and a design such as a wrapped bouquet, a box or a vase. Add it to your cart, then set the delivery or pickup date in the cart.',
            'At checkout, enter your details, the recipient’s name, phone number and address, and the message for the card, then choose how to pay. As soon as payment is confirmed you receive an order number by e-mail; keep it, because it is how you track the order and how our staff find it quickly.',
          ],
          links: [
            { label: 'Birthday flowers', href: category('birthday-flowers') },
            { label: 'Anniversary flowers', href: category('anniversary-flowers') },
            { label: 'All products', href: category('all') },
          ],
        },
        {
          id: 'account',
          question: 'Do I need an account to order?',
          answer: [
            'No. You can check out as a guest with just your name, e-mail address and phone number. Registering is optional: an account keeps your delivery history and an address book of recipients, which saves time if you send flowers often.',
          ],
        },
        {
          id: 'card-message',
          question: 'Can I add a personal message?',
          answer: [
            'Yes. Checkout has a field for the message on the card that goes with your flowers, and a separate field for delivery instructions for our rider (gate codes, landmarks, the best time to arrive). If you would like the gift to be anonymous, say so in the message field and we will leave your name off the card.',
          ],
        },
        {
          id: 'order-from-abroad',
          question: 'Can I order from outside Nigeria?',
          answer: [
            'Yes, many of our customers live abroad and send flowers home to family and friends in Lagos and Abuja. Switch the shop to US dollars or British pounds, pay by card or PayPal, and give us a Nigerian phone number for the recipient so that our rider can reach them. Our opening hours do not depend on your time zone: the shop is open 24/7 online.',
          ],
        },
      ],
    },
    {
      id: 'delivery',
      title: 'Delivery and pickup',
      entries: [
        {
          id: 'same-day-delivery',
          question: 'Do you deliver the same day?',
          answer: [
            `Yes. We offer same-day delivery anywhere in Lagos and Abuja for orders placed and paid before ${cutoff} (Lagos time). Orders that come in later are delivered the next day, or on any later date you choose.`,
            'We take orders 24/7, so you can order at midnight for delivery the next morning. If the timing matters, for example flowers that must arrive before a 2pm ceremony, write it in the delivery instructions and we will plan the route around it.',
          ],
          links: [{ label: 'Same-day delivery flowers', href: '/filters?shopBy=same+day+delivery' }],
        },
        {
          id: 'delivery-fees',
          question: 'Which areas do you deliver to, and how much does delivery cost?',
          answer: [
            'We deliver everywhere in Lagos and Abuja. Each city has a central and an outer zone, and the fee depends on the zone:',
            'If you are not sure of the recipient’s address, choose “not sure of the address, call the recipient” at checkout: we phone the recipient for directions, and the delivery is charged as an outer zone. The fee is always shown at checkout before you pay.',
          ],
          table: {
            caption: 'Delivery fees by zone',
            head: ['Zone', 'Areas include', 'Fee'],
            rows: [
              ['Lagos central', list(facts.lagosCentralAreas), naira(facts.lagosCentral)],
              ['Lagos outer', list(facts.lagosOuterAreas), naira(facts.lagosOuter)],
              ['Abuja central', list(facts.abujaCentralAreas), naira(facts.abujaCentral)],
              ['Abuja outer', list(facts.abujaOuterAreas), naira(facts.abujaOuter)],
            ],
          },
        },
        {
          id: 'free-delivery',
          question: 'Is delivery ever free?',
          answer: [
            `Yes. Delivery to the central zones of Lagos and Abuja is free when your items come to ${naira(facts.freeDeliveryThreshold)} or more after any coupon discount: what counts is what you pay for the flowers and gifts, not the price before the coupon. Deliveries to outer zones always carry their fee, and a coupon never takes anything off the delivery fee.`,
          ],
        },
        {
          id: 'peak-dates',
          question: 'Why does delivery cost more around Valentine’s Day and Christmas?',
          answer: [
            v
              ? `On peak days the whole city orders flowers at once, and we add riders and vehicles to deliver on time. From 13 to 15 February delivery costs ${peakFee}, central delivery is free when your items come to ${naira(v.freeDeliveryThreshold)} or more after any coupon${v.minAmount > 0 ? `, and the smallest order we can deliver is ${naira(v.minAmount)}` : ''}.`
              : 'On peak days the whole city orders flowers at once, and we add riders and vehicles to deliver on time, so delivery fees are higher.',
            `Christmas Day, Boxing Day and New Year’s Day carry festive delivery fees too. The fee follows the delivery date you choose, so changing the date can change the fee; checkout always shows the fee for your date.`,
          ],
          links: [{ label: 'Valentine’s flowers', href: category('valentines-day-flowers') }],
        },
        {
          id: 'other-states',
          question: 'Do you deliver outside Lagos and Abuja?',
          answer: [
            'Sometimes. Deliveries to other states are arranged case by case: tell us the town, the date and what you would like, by WhatsApp or phone, and our staff will tell you whether we can deliver and what it costs before you pay.',
          ],
          links: [{ label: 'Contact us', href: '/contact' }],
        },
        {
          id: 'pickup',
          question: 'Can I pick up my order instead?',
          answer: [
            'Yes. Choose pick-up at checkout and select one of our pickup points: Ikoyi or Lekki in Lagos, or our Abuja branch. There is no delivery fee. Bring your order number; we will have your flowers ready on the date you chose.',
          ],
        },
      ],
    },
    {
      id: 'payment',
      title: 'Payment and currencies',
      entries: [
        {
          id: 'payment-methods',
          question: 'How can I pay?',
          answer: [
            'By card through Paystack or Flutterwave, by PayPal (you do not need a PayPal account to pay with a card there), by bank transfer, or in Bitcoin. Which methods appear depends on the currency you check out in: naira orders can be paid by card or by transfer to our Naira account; dollar orders by card, PayPal, dollar transfer or Bitcoin; pound orders by PayPal or pound transfer.',
            'For a bank transfer, use your order number as the transfer reference. Our staff confirm the payment, and we start preparing your order as soon as it is confirmed.',
          ],
        },
        {
          id: 'payment-on-delivery',
          question: 'Can I pay on delivery?',
          answer: [
            'No, we do not offer payment on delivery. Every order is paid in full before we prepare it: fresh flowers are bought and arranged for each order, and a surprise works best when the recipient is not asked for money at the door.',
          ],
        },
        {
          id: 'currencies',
          question: 'Which currencies can I pay in?',
          answer: [
            'Naira (₦), US dollars ($) and British pounds (£). Use the currency switcher at the top or bottom of any page: prices are converted from naira at our current rates and rounded up, and the amount you see at checkout is exactly the amount you are charged.',
          ],
        },
      ],
    },
    {
      id: 'after-ordering',
      title: 'After you order',
      entries: [
        {
          id: 'tracking',
          question: 'How do I track my order?',
          answer: [
            'Enter your order number on our order tracker to see where your order is, from “arranged” to “out for delivery” and “delivered”. You can also send the order number to either branch on WhatsApp and we will tell you.',
          ],
          links: [{ label: 'Track your order', href: '/order-tracker' }],
        },
        {
          id: 'change-address-or-date',
          question: 'Can I change the delivery address or date after ordering?',
          answer: [
            'Yes, contact us as early as you can with your order number. If the new address is in a zone with a higher delivery fee, you pay the difference between the two fees before we deliver. A new date can also change the fee, for example when it falls on a peak day.',
          ],
        },
        {
          id: 'redelivery',
          question: 'What happens if the recipient is not available?',
          answer: [
            'Our rider calls the recipient before arriving and calls you if they cannot be reached. If the delivery still fails because the recipient is unavailable or unreachable, the address is wrong or incomplete, or the rider is refused entry, a redelivery needs another delivery fee. Double-checking the phone number and address at checkout avoids most failed deliveries.',
          ],
        },
        {
          id: 'returns',
          question: 'Can I return flowers or get a refund?',
          answer: [
            'Fresh flowers cannot be returned: they are perishable and made up for each order. If something is wrong, for instance the flowers arrived damaged or you received a different item, contact us on the day of delivery with your order number and a photo, and we will put it right.',
          ],
        },
        {
          id: 'substitutions',
          question: 'What if a flower in my bouquet is out of stock?',
          answer: [
            'Fresh flowers depend on the season and on each morning’s market. If a flower runs short, our florists replace it with a similar flower of the same colour and style and of equal or higher value, so that your arrangement keeps its look.',
          ],
        },
        {
          id: 'whatsapp',
          question: 'Can I reach you on WhatsApp?',
          answer: [
            'Yes. Both branches, Lagos and Abuja, answer on WhatsApp and by phone, 24/7. Include your order number if you already have one, and we can help straight away.',
          ],
          links: [{ label: 'Phone and WhatsApp numbers', href: '/contact' }],
        },
        {
          id: 'flower-care',
          question: 'How long will my flowers last?',
          answer: [
            'Most fresh arrangements last five to ten days with a little care: recut the stems, change the water every day or two, and keep them away from direct sun, fans and the air-conditioner’s blast. Chrysanthemums and carnations last longest; preserved (forever) roses last a year or more without water.',
          ],
          links: [
            { label: 'Caring for flowers in Nigerian heat', href: '/blog/caring-for-fresh-flowers-in-nigerian-heat' },
            { label: 'Forever roses', href: category('forever-roses-preserved-roses') },
          ],
        },
      ],
    },
  ];
}

/**
 * An answer as plain text: its paragraphs, with a table's rows read as sentences after the first.
 * @example faqAnswerText(feesEntry) // 'We deliver everywhere… Lagos central (Lekki, …): ₦4,500. …'
 */
export function faqAnswerText(entry: FaqEntry): string {
  const [first = '', ...rest] = entry.answer;
  const rows = entry.table ? [entry.table.rows.map(([zone, areas, fee]) => `${zone} (${areas}): ${fee}.`).join(' ')] : [];
  return [first, ...rows, ...rest].join('\n\n');
}

/** schema.org FAQPage for the questions, with each answer as plain text. */
export function faqJsonLd(sections: FaqSection[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: sections.flatMap((section) =>
      section.entries.map((entry) => ({
        '@type': 'Question',
        name: entry.question,
        acceptedAnswer: { '@type': 'Answer', text: faqAnswerText(entry) },
      })),
    ),
  };
}
