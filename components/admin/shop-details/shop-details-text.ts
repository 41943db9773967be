/**
 * The shop details page's fields: each group (a branch, an account) with its fields' paths in the
 * document, labels and hints; reading and writing one field by its path; and the field a server
 * message names ('branches.lagos.whatsapp: must start with +…' → 'branches.lagos.whatsapp').
 */
import type { ShopDetails } from '@/lib/contracts/shop-details';

export type DetailField = { path: string; label: string; hint?: string; type?: 'email' | 'url' | 'tel'; inputMode?: 'numeric' | 'tel' | 'url' | 'email' };
export type DetailGroup = { key: string; title: string; note?: string; fields: DetailField[] };

const PHONE_HINT = 'International form, e.g. +234 803 000 0001';

function branchGroup(key: 'lagos' | 'abuja', title: string): DetailGroup {
  const at = (field: string) => `branches.${key}.${field}`;
  return {
    key,
    title,
    fields: [
      { path: at('name'), label: 'Name' },
      { path: at('address'), label: 'Address' },
      { path: at('phone'), label: 'Phone', hint: PHONE_HINT, type: 'tel' },
      { path: at('whatsapp'), label: 'WhatsApp', hint: `The number shoppers message. ${PHONE_HINT}`, type: 'tel' },
      { path: at('mapUrl'), label: 'Map link', hint: 'An https:// link to the branch on a map', type: 'url' },
      { path: at('hours'), label: 'Opening hours' },
    ],
  };
}

export const BRANCH_GROUPS: DetailGroup[] = [branchGroup('lagos', 'Lagos branch'), branchGroup('abuja', 'Abuja branch')];

export const PAYMENT_GROUPS: DetailGroup[] = [
  {
    key: 'naira',
    title: 'Naira bank transfer',
    note: "Shown for 'Bank transfer' at checkout and in the footer.",
    fields: [
      { path: 'payment.naira.bankName', label: 'Bank' },
      { path: 'payment.naira.accountName', label: 'Account name' },
      { path: 'payment.naira.accountNumber', label: 'Account number', hint: '10 digits (NUBAN)', inputMode: 'numeric' },
    ],
  },
  {
    key: 'other',
    title: 'Wallet and Bitcoin',
    note: 'The wallet e-mail shows in the footer; the Bitcoin address is given for Bitcoin payments.',
    fields: [
      { path: 'payment.walletEmail', label: 'Wallet e-mail', type: 'email' },
      { path: 'payment.bitcoinAddress', label: 'Bitcoin address', hint: 'bc1…, 1… or 3…' },
    ],
  },
  {
    key: 'leadBank',
    title: 'Dollar transfers (Lead Bank)',
    note: 'Given to shoppers paying in dollars by transfer.',
    fields: [
      { path: 'payment.leadBank.accountName', label: 'Account name' },
      { path: 'payment.leadBank.accountNumber', label: 'Account number', hint: '4 to 17 digits', inputMode: 'numeric' },
      { path: 'payment.leadBank.routingNumber', label: 'Routing number', hint: '9 digits', inputMode: 'numeric' },
    ],
  },
  {
    key: 'natwest',
    title: 'Pound transfers (NatWest)',
    note: 'Given to shoppers paying in pounds by transfer.',
    fields: [
      { path: 'payment.natwest.accountName', label: 'Account name' },
      { path: 'payment.natwest.accountNumber', label: 'Account number', hint: '8 digits', inputMode: 'numeric' },
      { path: 'payment.natwest.sortCode', label: 'Sort code', hint: 'e.g. 60-00-01', inputMode: 'numeric' },
    ],
  },
];

/**
 * One field's text by its path.
 * @example valueAt(details, 'branches.lagos.whatsapp') // '+234 803 000 0001'
 */
export function valueAt(details: ShopDetails, path: string): string {
  const value = path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), details);
  return typeof value === 'string' ? value : '';
}

/** The details with one field (by its path) set to `value`; the rest shared. */
export function withValue(details: ShopDetails, path: string, value: string): ShopDetails {
  const set = (node: Record<string, unknown>, keys: string[]): Record<string, unknown> => {
    const [key, ...rest] = keys as [string, ...string[]];
    return { ...node, [key]: rest.length === 0 ? value : set(node[key] as Record<string, unknown>, rest) };
  };
  return set(details, path.split('.')) as ShopDetails;
}

/** The field a server message names, when it starts with a path ('branches.lagos.mapUrl: …'). */
export function fieldNamed(message: string | null): string | null {
  return /^((?:branches|payment)(?:\.\w+)+)[: ]/.exec(message ?? '')?.[1] ?? null;
}

/**
 * A server refusal in the page's own words: the field's group and label instead of its path.
 * @example readableRefusal('branches.lagos.whatsapp: must start with + …') // 'Lagos branch, WhatsApp: must start with + …'
 */
export function readableRefusal(message: string): string {
  const path = fieldNamed(message);
  for (const group of [...BRANCH_GROUPS, ...PAYMENT_GROUPS]) {
    const field = group.fields.find((f) => f.path === path);
    if (field && path) return `${group.title}, ${field.label}${message.slice(path.length)}`;
  }
  return message;
}

/** Whether two documents hold the same texts. */
export function sameDetails(a: ShopDetails, b: ShopDetails): boolean {
  return [...BRANCH_GROUPS, ...PAYMENT_GROUPS].every((group) => group.fields.every((field) => valueAt(a, field.path) === valueAt(b, field.path)));
}
