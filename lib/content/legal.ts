/**
 * The terms of sale and the privacy statement. Both are functions of the shop's name and contact
 * e-mail (configuration), so that the texts always name the shop that serves them. Sections have
 * stable ids for links such as /legal-terms#cancellations.
 */
import type { ShopInfo } from '@/lib/contracts/settings';

export type LegalSection = {
  id: string;
  heading: string;
  paragraphs: string[];
  /** A bulleted list shown after the paragraphs. */
  items?: string[];
};

export type LegalDocument = {
  title: string;
  /** Meta description. */
  description: string;
  /** YYYY-MM-DD */
  updatedAt: string;
  /** "The short version": the points a shopper most needs, shown first. */
  summary: string[];
  sections: LegalSection[];
};

export type LegalShop = Pick<ShopInfo, 'brandName' | 'contactEmail'>;

export const LEGAL_UPDATED_AT = '2026-11-21';

/** The terms of sale: orders, delivery, payment, changes, substitutions, cancellations, returns. */
export function legalTerms({ brandName, contactEmail }: LegalShop): LegalDocument {
  return {
    title: 'Terms of sale',
    description: `Terms for buying from ${brandName}: orders, same-day delivery in Lagos and Abuja, payment, changes, cancellations, substitutions and returns.`,
    updatedAt: LEGAL_UPDATED_AT,
    summary: [
      'We are open 24/7 online and deliver the same day in Lagos and Abuja; other states are arranged case by case.',
      'Every order is paid in full before we prepare it. There is no payment on delivery.',
      'Fresh flowers cannot be returned. Tell us the same day if anything is wrong and we will put it right.',
      'If a delivery fails for reasons outside our control, redelivery needs another delivery fee.',
      'Changing the delivery address to a dearer zone costs the difference between the two delivery fees.',
      'If a flower runs short, we substitute a similar flower of equal or higher value.',
    ],
    sections: [
      {
        id: 'about',
        heading: 'About these terms',
        paragraphs: [
          `These terms apply to every order placed on this website with ${brandName}, an online florist and gift shop with a head office in Lagos and a branch in Abuja. “We” and “us” means ${brandName}; “you” means the person placing the order; the “recipient” is the person you are sending to, who may be you.`,
          'Please read them before you order. By placing an order you accept these terms as they stand on the day of your order.',
        ],
      },
      {
        id: 'orders',
        heading: 'Orders',
        paragraphs: [
          'You place an order by checking out and paying. The contract between us starts when your payment is confirmed and we send you an order number by e-mail. Quote the order number whenever you contact us about the order.',
          'You are responsible for the details you give us, in particular the recipient’s name, phone number and address, the delivery date and the card message. We may decline an order, for example when we cannot deliver to the address on the date chosen or when a payment looks fraudulent; we then refund what you paid in full.',
          'Pictures show the style and size of a design. Flowers are natural products, so shades, the number of open blooms and the exact foliage vary from one arrangement to the next.',
        ],
      },
      {
        id: 'payment',
        heading: 'Prices, currencies and payment',
        paragraphs: [
          'Our prices are set in Nigerian naira. You can view and pay in naira (NGN), US dollars (USD) or British pounds (GBP); amounts in dollars and pounds are converted from naira at our current rates and rounded up. The total shown at checkout, including the delivery fee, is the amount you are charged.',
          'We accept cards through Paystack and Flutterwave, PayPal, bank transfers and Bitcoin. The methods offered depend on the currency you check out in. Card and PayPal payments are processed by those providers under their own terms; we never see or store your full card number.',
          'For a bank transfer or a Bitcoin payment, use your order number as the reference and send the exact amount shown. We prepare the order once our staff have confirmed the payment; an order is not accepted for a delivery date until then.',
          'We do not offer payment on delivery. Every order must be paid in full before we prepare it.',
        ],
      },
      {
        id: 'delivery',
        heading: 'Delivery and pickup',
        paragraphs: [
          'We deliver the same day anywhere in Lagos and Abuja for orders paid before the same-day cut-off shown on the website; later orders are delivered on the next available day or on the date you choose. Delivery to other states is arranged case by case: our staff confirm whether it is possible and quote the fee before you pay.',
          'The delivery fee depends on the delivery zone and the date. It is shown at checkout before you pay. Peak dates such as Valentine’s Day, Christmas and New Year have higher fees. Delivery to the central zones is free above the order value shown on the website. If you do not know the exact address and ask us to call the recipient for directions, the delivery is charged as an outer zone.',
          'We deliver on the date you choose. Times of day are estimates unless we have agreed a time with you in writing; write any deadline in the delivery instructions and we will plan for it. Traffic, weather, road closures and security checks can delay a delivery.',
          'An order is delivered when it is handed to the recipient, or to a person at the address who accepts it on the recipient’s behalf (such as family, a receptionist or estate security) where the recipient agrees or your instructions allow it.',
          'You can instead collect your order from one of our pickup points (Ikoyi or Lekki in Lagos, or Abuja) on the date you chose, with your order number. Pickup has no delivery fee.',
        ],
      },
      {
        id: 'redelivery',
        heading: 'Failed deliveries and redelivery',
        paragraphs: [
          'Our rider calls the recipient before arriving, and calls you if the recipient cannot be reached. If a delivery fails because the recipient is unavailable or unreachable, the address is wrong or incomplete, or the rider is refused entry, we keep the order for a new attempt, and redelivery needs another delivery fee. Because flowers are perishable, we cannot guarantee their condition if redelivery is delayed beyond the next day at your request.',
          'If a delivery fails for a reason within our control, we redeliver at no extra cost.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changing an order',
        paragraphs: [
          'Contact us with your order number as early as possible; we can usually make changes until the order is despatched.',
        ],
        items: [
          'Address: if the new address is in a zone with a higher delivery fee, you pay the difference between the two fees before we deliver.',
          'Date: the delivery fee of the new date applies, which can be higher on peak dates.',
          'Products, sizes and the card message: possible until we start preparing the order; a difference in price is charged or refunded.',
        ],
      },
      {
        id: 'substitutions',
        heading: 'Substitutions',
        paragraphs: [
          'Fresh flowers depend on the season and the market. If a flower in your design runs short, our florists replace it with a similar flower of the same colour and style and of equal or higher value, and may likewise replace a vase, box or wrapping with one of the same style. If a gift item such as a cake, wine or perfume is unavailable, we contact you to agree a replacement or refund it.',
        ],
      },
      {
        id: 'cancellations',
        heading: 'Cancellations',
        paragraphs: [
          'You can cancel an order and receive a full refund until we start preparing it. Once our florists have started work, flowers have been bought and cut for you and the order cannot be cancelled, though we will try to move it to another date or address under the rules above.',
          'Refunds go back to the payment method you used, in the currency you paid in. We start a refund within two working days of agreeing it; how long it takes to reach you then depends on your bank or payment provider.',
        ],
      },
      {
        id: 'returns',
        heading: 'Returns and complaints',
        paragraphs: [
          'Fresh flowers, plants and food such as cakes cannot be returned, because they are perishable and made up or bought for your order.',
          'If your order arrives damaged, is not what you ordered, or is not delivered on the agreed date through our fault, contact us on the day of delivery with your order number and a photo. We will replace the order or the affected item, or refund it. This does not affect your rights under Nigerian consumer protection law, including the Federal Competition and Consumer Protection Act 2018.',
        ],
      },
      {
        id: 'accounts',
        heading: 'Your account',
        paragraphs: [
          'An account is optional. If you create one, keep your password to yourself and tell us if you think someone else has used it. We may close accounts used for fraud or abuse.',
        ],
      },
      {
        id: 'liability',
        heading: 'Our responsibility',
        paragraphs: [
          'We are responsible for loss you suffer that is a foreseeable result of our breaking these terms, up to the value of your order. We are not responsible for delays or failures caused by events outside our reasonable control, such as severe weather, flooding, road closures, civil unrest, strikes or network outages; when such an event affects your order we will tell you and offer a new date or a refund. Nothing in these terms limits liability that cannot be limited by law.',
        ],
      },
      {
        id: 'law',
        heading: 'Changes and governing law',
        paragraphs: [
          'We may update these terms; the version that applies to your order is the one on the website on the day you placed it. These terms are governed by the laws of the Federal Republic of Nigeria, and the Nigerian courts have jurisdiction over any dispute.',
        ],
      },
      {
        id: 'contact',
        heading: 'Contact',
        paragraphs: [`Questions about these terms or an order: e-mail ${contactEmail}, or call or WhatsApp either branch (numbers on our contact page).`],
      },
    ],
  };
}

/** The privacy statement, under the Nigeria Data Protection Act 2023 (NDPA) and the NDPR. */
export function privacyStatement({ brandName, contactEmail }: LegalShop): LegalDocument {
  return {
    title: 'Privacy statement',
    description: `How ${brandName} uses and protects your data and your recipients’ data under the Nigeria Data Protection Act 2023 (NDPA), and how to exercise your rights.`,
    updatedAt: LEGAL_UPDATED_AT,
    summary: [
      'We use your data and your recipient’s data to take, deliver and support your orders, and for nothing unrelated.',
      'We never sell personal data. We share it only with the providers who help us take payment and deliver.',
      'Card details are handled by Paystack, Flutterwave or PayPal; we never see your full card number.',
      'News by e-mail only if you ask for it; you can unsubscribe at any time.',
      'You can ask to see, correct or delete your data by writing to us, and complain to the Nigeria Data Protection Commission.',
    ],
    sections: [
      {
        id: 'who-we-are',
        heading: 'Who we are',
        paragraphs: [
          `${brandName} is the data controller for the personal data described here. We process personal data in line with the Nigeria Data Protection Act 2023 (NDPA), the Nigeria Data Protection Regulation 2019 (NDPR) where it still applies, and the guidance of the Nigeria Data Protection Commission (NDPC). You can reach the person responsible for data protection at ${contactEmail}.`,
        ],
      },
      {
        id: 'what-we-collect',
        heading: 'What we collect',
        paragraphs: ['We collect only what we need to sell and deliver flowers and gifts:'],
        items: [
          'About you: your name, e-mail address and phone number, and, if you create an account, your password (stored only in a form that cannot be read back) and saved recipients.',
          'About your recipient: name, phone numbers, delivery address and residence type (home, office, hotel, hospital and so on), and the card message and delivery instructions you write.',
          'About your order: the products, delivery or pickup date, the occasion you choose, the amounts and the payment status.',
          'About your payment: the method, the provider’s reference and, for bank transfers and Bitcoin, the transaction details you send us. Card numbers go directly to the payment provider.',
          'Messages you send us by e-mail, phone or WhatsApp.',
          'Technical data: your browser stores your cart, chosen currency, delivery date, order number and sign-in on your device so that the shop works; our servers keep short logs of requests, including IP addresses, for security.',
        ],
      },
      {
        id: 'why',
        heading: 'Why we use it, and on what basis',
        paragraphs: ['The NDPA requires a lawful basis for each use of personal data. Ours are:'],
        items: [
          'To perform our contract with you: taking and preparing your order, taking payment, delivering to the recipient, calling you or the recipient about the delivery, and handling changes and complaints.',
          'To meet legal obligations: keeping order and payment records for tax and accounting, and answering lawful requests from authorities.',
          'Our legitimate interests, balanced against your rights: preventing fraud, keeping the website secure, and improving our service from the way orders and deliveries go.',
          'Your consent: sending news and offers by e-mail, only if you tick the box or sign up for the newsletter. You can withdraw consent at any time with the unsubscribe link or by writing to us.',
        ],
      },
      {
        id: 'recipients',
        heading: 'Your recipient’s data',
        paragraphs: [
          'When you send a gift you give us another person’s details. Please share only what the delivery needs, and only where the recipient would reasonably expect it. We use recipient data only to deliver the order and to contact the recipient about the delivery; we do not send recipients marketing, and their details are not added to our newsletter.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Who we share it with',
        paragraphs: ['We do not sell or rent personal data. We share it only as far as each of these needs:'],
        items: [
          'Payment providers and banks (Paystack, Flutterwave, PayPal and our banks), to take and confirm payments and to refund.',
          'Our florists and riders, and occasionally a trusted courier partner for deliveries outside our usual zones, who see the recipient’s details and the card message.',
          'Providers who host our website and database and send our e-mails, under contracts that limit them to our instructions.',
          'Authorities, courts or regulators, when the law requires it.',
        ],
      },
      {
        id: 'transfers',
        heading: 'Transfers outside Nigeria',
        paragraphs: [
          'Some of our providers, such as PayPal and e-mail or hosting services, may process data outside Nigeria. Where they do, we rely on the safeguards the NDPA allows, such as transfers to countries with adequate protection or contractual commitments that protect your data to the NDPA’s standard.',
        ],
      },
      {
        id: 'storage',
        heading: 'Browser storage',
        paragraphs: [
          'The shop uses your browser’s local storage for your cart, currency, delivery date, order number and sign-in. These are needed for the shop to work and stay on your device until you clear them or sign out. We do not use advertising cookies or sell data to advertisers.',
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep it',
        paragraphs: [
          'We keep order and payment records for as long as Nigerian tax and accounting rules require. Account data is kept until you ask us to delete your account; newsletter subscriptions until you unsubscribe; messages for as long as they help us support your order. Security logs are kept briefly and then deleted. When data is no longer needed, we delete it or make it anonymous.',
        ],
      },
      {
        id: 'security',
        heading: 'How we protect it',
        paragraphs: [
          'The website is served over encrypted connections, passwords are stored as one-way hashes, and only staff who need personal data for their work can see it. If a breach is likely to put your rights at risk, we report it to the NDPC within 72 hours of becoming aware of it, as the NDPA requires, and tell you without delay where the risk is high.',
        ],
      },
      {
        id: 'rights',
        heading: 'Your rights',
        paragraphs: [
          `Under the NDPA you can ask us to tell you what data we hold about you and give you a copy, correct it, delete it, restrict or object to how we use it, move it to another provider, and withdraw consent you have given. You can also ask not to be subject to decisions made only by automated means; we do not make such decisions. Write to ${contactEmail}; we answer within 30 days and may ask you to confirm your identity first.`,
          'If you are not satisfied with our answer, you can complain to the Nigeria Data Protection Commission.',
        ],
      },
      {
        id: 'children',
        heading: 'Children',
        paragraphs: ['Our shop is meant for adults. We do not knowingly collect personal data from children under 18, except as recipients of a gift sent by an adult.'],
      },
      {
        id: 'changes',
        heading: 'Changes to this statement',
        paragraphs: ['We update this statement when our practices or the law change; the date at the top shows the latest version. Significant changes are announced on the website.'],
      },
    ],
  };
}
