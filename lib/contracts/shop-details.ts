/**
 * The shop's details (issue 14, settings): the two branches (name, address, phone, WhatsApp, map
 * link, hours) and the payment details shoppers are given (the naira bank account, the wallet
 * e-mail, the Bitcoin address, and the dollar and pound accounts for manual transfers). They were
 * environment variables; now they are the settings document `shop`, which the back office reads
 * (`GET /admin/api/shop-details`) and replaces whole (`PUT /admin/api/shop-details`). Until the
 * first save the environment's values stand in, and the first save stores the whole document.
 *
 * The same schema checks a body and a stored document: phones in international form, map links
 * https only, account numbers digits of their country's length. A 400 names the field
 * ('branches.lagos.whatsapp: must start with + and the country code, e.g. +234 803 000 0001').
 */
import { z } from 'zod';
import { singleLine, strictObject } from '@/lib/contracts/text';

const filled = (max: number) => singleLine(max).min(1, 'must be filled in');

/** How many digits an international number may have (E.164: at most 15). */
function digitCount(text: string): number {
  return text.replace(/\D/g, '').length;
}

/** A phone or WhatsApp number in international form, spaces and dashes allowed: '+234 803 000 0001'. */
const phoneNumber = singleLine(30)
  .regex(/^\+[1-9][\d ()-]*$/, 'must start with + and the country code, e.g. +234 803 000 0001')
  .refine((text) => digitCount(text) >= 8 && digitCount(text) <= 15, 'must have 8 to 15 digits, e.g. +234 803 000 0001');

/**
 * Whether a text is an https link to a named host.
 * @example isHttpsLink('https://maps.google.com/?q=Ikoyi') // true
 * @example isHttpsLink('http://maps.google.com/') // false
 */
export function isHttpsLink(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

const httpsLink = singleLine(500).refine(isHttpsLink, 'must be an https:// link, e.g. https://maps.google.com/?q=Ikoyi+Lagos');

const digits = (pattern: RegExp, message: string) => singleLine(40).regex(pattern, message);

/** Bech32 (bc1…) or legacy base58 (1…, 3…) Bitcoin addresses. */
const BITCOIN_ADDRESS = /^(?:bc1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/;

export const branchDetailsSchema = strictObject({
  name: filled(100),
  address: filled(300),
  phone: phoneNumber,
  whatsapp: phoneNumber,
  mapUrl: httpsLink,
  hours: filled(200),
});
export type BranchDetails = z.output<typeof branchDetailsSchema>;

export const shopDetailsSchema = strictObject({
  branches: strictObject({ lagos: branchDetailsSchema, abuja: branchDetailsSchema }),
  payment: strictObject({
    /** The naira account shown for 'Bank transfer' (GTBank) and in the footer. */
    naira: strictObject({
      bankName: filled(100),
      accountName: filled(100),
      accountNumber: digits(/^\d{10}$/, 'must be the 10 digits of a Nigerian (NUBAN) account number'),
    }),
    walletEmail: z
      .string({ message: 'must be an e-mail address' })
      .trim()
      .toLowerCase()
      .max(254, 'must be at most 254 characters')
      .pipe(z.email({ message: 'must be an e-mail address' })),
    bitcoinAddress: singleLine(100).regex(BITCOIN_ADDRESS, 'must be a Bitcoin address (bc1…, 1… or 3…)'),
    /** The dollar account (Lead Bank, United States) for 'Lead Bank transfer'. */
    leadBank: strictObject({
      accountName: filled(100),
      accountNumber: digits(/^\d{4,17}$/, 'must be 4 to 17 digits (a US account number)'),
      routingNumber: digits(/^\d{9}$/, 'must be the 9 digits of a US routing number'),
    }),
    /** The pound account (NatWest, United Kingdom) for 'NatWest transfer'. */
    natwest: strictObject({
      accountName: filled(100),
      accountNumber: digits(/^\d{8}$/, 'must be the 8 digits of a UK account number'),
      sortCode: digits(/^\d{2}-?\d{2}-?\d{2}$/, 'must be a UK sort code of 6 digits, e.g. 60-00-01').transform((code) => {
        const d = code.replace(/-/g, '');
        return `${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4)}`;
      }),
    }),
  }),
});

/**
 * `?basedOn=` on `PUT /admin/api/shop-details`: the `updatedAt` the page read, or 'environment'
 * when nothing was stored yet. Someone else's save since then is a 409 (nothing written), so that
 * a whole-document save never silently undoes a colleague's change. Without it the save goes ahead.
 */
export const shopDetailsSaveQuery = z.object({
  basedOn: singleLine(40)
    .refine((text) => text === 'environment' || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text))), {
      message: "must be the ISO time the details were read at, or 'environment'",
    })
    .optional(),
});

/** `PUT /admin/api/shop-details`: the whole document. */
export const shopDetailsBody = shopDetailsSchema;
export type ShopDetailsBody = z.input<typeof shopDetailsSchema>;
export type ShopDetails = z.output<typeof shopDetailsSchema>;

/** What `GET` and `PUT /admin/api/shop-details` answer. */
export type ShopDetailsAnswer = {
  details: ShopDetails;
  /** false while the environment's values stand in (nothing saved yet). */
  stored: boolean;
  /** When the stored document was last saved (ISO), or null. */
  updatedAt: string | null;
};
