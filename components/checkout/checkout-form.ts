/**
 * The checkout form's fields and rules (spec sections 3 and 5), pure: the values, their labels,
 * which are required (by delivery method and login), each field's message ('{Field name} is
 * required' when empty, or the check's own message), and the starting values from the order,
 * the user and the cart's day. The form (./delivery-form.tsx) and the payload
 * (./checkout-payload.ts) build on these.
 */
import type { SavedRecipient, Order } from '@/lib/contracts/orders';
import { PASSWORD_MIN_LENGTH } from '@/lib/domain/accounts';
import {
  DEFAULT_COUNTRY_CODE,
  isPlausiblePhone,
  normaliseCountryCode,
  normalisePhone,
  splitRecipientAddress,
  type DeliveryMethod,
} from '@/lib/domain/checkout';

export type CheckoutValues = {
  senderName: string;
  senderEmail: string;
  senderCountryCode: string;
  senderPhoneNumber: string;
  /** 'Create a free account' (guests only). */
  freeAccount: boolean;
  senderPassword: string;
  deliveryMethod: DeliveryMethod;
  recipientName: string;
  recipientCountryCode: string;
  recipientPhoneNumber: string;
  recipientCountryCodeAlt: string;
  recipientPhoneNumberAlt: string;
  residenceType: string;
  recipientHomeAddress: string;
  /** lagos, abuja or other-locations. */
  state: string;
  /** The zone's key, e.g. 'lagos-central'. */
  zone: string;
  /** YYYY-MM-DD. */
  deliveryDate: string;
  /** The card message. */
  message: string;
  purpose: string;
  additionalInfo: string;
  deliveryInstruction: string;
  /** Pick-up point code (LPI, LPL, APA). */
  pickUpLocation: string;
  /** 'Save this address' (logged-in shoppers). */
  shouldSaveAddress: boolean;
};

type StringKey = { [K in keyof CheckoutValues]: CheckoutValues[K] extends string ? K : never }[keyof CheckoutValues];
export type TextKey = Exclude<StringKey, 'deliveryMethod'>;

/** What the rules need besides the values. */
export type FormContext = {
  loggedIn: boolean;
  /** Whether a delivery state has zones to choose from (other locations have none). */
  hasZones(state: string): boolean;
  /** The first day that can still be booked (YYYY-MM-DD, Lagos; after the same-day cut-off: tomorrow). */
  earliestDay: string;
};

export { PASSWORD_MIN_LENGTH };

/** Field names as the shopper reads them; required messages use them. */
export function labelOf(key: TextKey, values: Pick<CheckoutValues, 'deliveryMethod'>): string {
  if (key === 'deliveryDate') return values.deliveryMethod === 'pick-up' ? 'Pickup date' : 'Delivery date';
  return LABELS[key];
}

const LABELS: Record<TextKey, string> = {
  senderName: 'Your name',
  senderEmail: 'Your email',
  senderCountryCode: 'Your country code',
  senderPhoneNumber: 'Your phone number',
  senderPassword: 'Password',
  recipientName: "Recipient's name",
  recipientCountryCode: "Recipient's country code",
  recipientPhoneNumber: "Recipient's phone number",
  recipientCountryCodeAlt: 'Alternative country code',
  recipientPhoneNumberAlt: 'Alternative phone number (optional)',
  residenceType: 'Residence type',
  recipientHomeAddress: "Recipient's address",
  state: 'State',
  zone: 'Delivery zone',
  deliveryDate: 'Delivery date',
  message: 'Card message (optional)',
  purpose: 'Occasion (optional)',
  additionalInfo: 'Additional information for us (optional)',
  deliveryInstruction: 'Delivery instructions (optional)',
  pickUpLocation: 'Pickup location',
};

export const SENDER_KEYS = ['senderName', 'senderEmail', 'senderCountryCode', 'senderPhoneNumber'] as const satisfies readonly TextKey[];
export const RECIPIENT_KEYS = [
  'recipientName',
  'recipientCountryCode',
  'recipientPhoneNumber',
  'recipientCountryCodeAlt',
  'recipientPhoneNumberAlt',
  'residenceType',
  'recipientHomeAddress',
  'state',
  'zone',
  'deliveryInstruction',
] as const satisfies readonly TextKey[];

/** The fields that must be filled for these values, in the order they are shown. */
export function requiredKeys(values: CheckoutValues, ctx: FormContext): TextKey[] {
  const keys: TextKey[] = [...SENDER_KEYS];
  if (values.freeAccount && !ctx.loggedIn) keys.push('senderPassword');
  if (values.deliveryMethod === 'delivery') {
    keys.push('recipientName', 'recipientCountryCode', 'recipientPhoneNumber', 'recipientHomeAddress', 'state');
    if (ctx.hasZones(values.state)) keys.push('zone');
  } else {
    keys.push('pickUpLocation');
  }
  keys.push('deliveryDate');
  return keys;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COUNTRY_CODE = /^\+?\d{1,4}$/;

/** The check of a typed phone number with its country code (the account's forms use it too). */
export function phoneError(phone: string, code: string): string | null {
  return isPlausiblePhone(normalisePhone(phone, code)) ? null : 'Enter a valid phone number';
}

/** The check of a typed country code such as '+234' or '44'. */
export function countryCodeError(code: string): string | null {
  return COUNTRY_CODE.test(code.trim()) ? null : 'Enter a country code such as +234';
}

/** The check of a non-empty value, or null when it is fine. */
function check(key: TextKey, values: CheckoutValues, ctx: FormContext): string | null {
  const value = values[key].trim();
  switch (key) {
    case 'senderEmail':
      return EMAIL.test(value) ? null : 'Enter a valid e-mail address';
    case 'senderCountryCode':
    case 'recipientCountryCode':
    case 'recipientCountryCodeAlt':
      return countryCodeError(value);
    case 'senderPhoneNumber':
      return phoneError(value, values.senderCountryCode);
    case 'recipientPhoneNumber':
      return phoneError(value, values.recipientCountryCode);
    case 'recipientPhoneNumberAlt':
      return phoneError(value, values.recipientCountryCodeAlt);
    case 'senderPassword':
      return value.length < PASSWORD_MIN_LENGTH ? `Password must be at least ${PASSWORD_MIN_LENGTH} characters` : null;
    case 'deliveryDate':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Choose a day';
      return value < ctx.earliestDay ? 'This day can no longer be booked; please choose a later one' : null;
    default:
      return null;
  }
}

/** A field's message: '{Field name} is required' when a required field is empty, else its check's. */
export function fieldError(key: TextKey, values: CheckoutValues, ctx: FormContext): string | null {
  if (!values[key].trim()) return requiredKeys(values, ctx).includes(key) ? `${labelOf(key, values)} is required` : null;
  return check(key, values, ctx);
}

/** Fields shown for these values whose message is not null, in order: the first is focused on submit. */
export function formErrors(values: CheckoutValues, ctx: FormContext): TextKey[] {
  const shown: TextKey[] = [...SENDER_KEYS];
  if (values.freeAccount && !ctx.loggedIn) shown.push('senderPassword');
  if (values.deliveryMethod === 'delivery') shown.push(...RECIPIENT_KEYS);
  else shown.push('pickUpLocation');
  shown.push('deliveryDate');
  return shown.filter((key) => fieldError(key, values, ctx) !== null);
}

/** Whether the sender block is complete (its fields all filled and valid): then it is saved. */
export function senderComplete(values: CheckoutValues, ctx: FormContext): boolean {
  return SENDER_KEYS.every((key) => values[key].trim() !== '' && fieldError(key, values, ctx) === null);
}

/**
 * A stored phone number ('+2348031234567') as typed without its country code.
 * @example localPhone('+2348031234567', '+234') // '8031234567'
 */
export function localPhone(phone: string, code: string): string {
  const prefix = normaliseCountryCode(code);
  return phone.startsWith(prefix) ? phone.slice(prefix.length) : phone;
}

/**
 * A stored phone number as people in its country write it: without the country code and, for a
 * Nigerian number, with the leading 0. A number kept as typed is left as it is.
 * @example nationalPhone('+2348031234567', '+234') // '08031234567'
 * @example nationalPhone('+447700900123', '+44') // '7700900123'
 */
export function nationalPhone(phone: string, code: string): string {
  const local = localPhone(phone, code);
  return phone.startsWith('+') && normaliseCountryCode(code) === DEFAULT_COUNTRY_CODE && /^[1-9]/.test(local) ? `0${local}` : local;
}

/** What the checkout knows of a logged-in shopper: the user record's name, e-mail and profile phone. */
export type SenderDefaults = { name: string; email: string; phone?: string; phoneCountryCode?: string };

/** The sender's phone: the order's when it has one, else the profile's (user record). */
function senderPhone(client: Order['client'], user: SenderDefaults | null): { code: string; phone: string } {
  if (!client.phone && user?.phone) {
    const code = user.phoneCountryCode || DEFAULT_COUNTRY_CODE;
    return { code, phone: nationalPhone(user.phone, code) };
  }
  const code = client.phoneCountryCode || DEFAULT_COUNTRY_CODE;
  return { code, phone: localPhone(client.phone, code) };
}

/**
 * The form's first values: the order's saved details, else the user's name, e-mail and phone
 * (the account's profile) and the cart's day.
 */
export function initialValues(order: Order, user: SenderDefaults | null, cartDay: string | null): CheckoutValues {
  const client = order.client;
  const details = order.deliveryDetails;
  const sender = senderPhone(client, user);
  const recipientCode = details.recipientPhoneCountryCode || DEFAULT_COUNTRY_CODE;
  const altCode = details.recipientAltPhoneCountryCode || DEFAULT_COUNTRY_CODE;
  const address = splitRecipientAddress(order.recipientAddress || details.recipientAddress);
  return {
    senderName: client.name || user?.name || '',
    senderEmail: client.email || user?.email || '',
    senderCountryCode: sender.code,
    senderPhoneNumber: sender.phone,
    freeAccount: false,
    senderPassword: '',
    deliveryMethod: order.deliveryMethod ?? 'delivery',
    recipientName: details.recipientName,
    recipientCountryCode: recipientCode,
    recipientPhoneNumber: localPhone(details.recipientPhone, recipientCode),
    recipientCountryCodeAlt: altCode,
    recipientPhoneNumberAlt: localPhone(details.recipientAltPhone, altCode),
    residenceType: address.residenceType,
    recipientHomeAddress: address.address,
    state: details.state,
    zone: details.zone,
    deliveryDate: order.deliveryDate || cartDay || '',
    message: order.deliveryMessage,
    purpose: order.purpose,
    additionalInfo: order.adminNotes,
    deliveryInstruction: order.deliveryInstruction,
    pickUpLocation: order.despatchLocation,
    shouldSaveAddress: false,
  };
}

/** Blank values for a delivery: the address book's recipient form starts from these. */
export function emptyValues(): CheckoutValues {
  return {
    senderName: '',
    senderEmail: '',
    senderCountryCode: DEFAULT_COUNTRY_CODE,
    senderPhoneNumber: '',
    freeAccount: false,
    senderPassword: '',
    deliveryMethod: 'delivery',
    recipientName: '',
    recipientCountryCode: DEFAULT_COUNTRY_CODE,
    recipientPhoneNumber: '',
    recipientCountryCodeAlt: DEFAULT_COUNTRY_CODE,
    recipientPhoneNumberAlt: '',
    residenceType: '',
    recipientHomeAddress: '',
    state: '',
    zone: '',
    deliveryDate: '',
    message: '',
    purpose: '',
    additionalInfo: '',
    deliveryInstruction: '',
    pickUpLocation: '',
    shouldSaveAddress: false,
  };
}

/** The recipient fields filled from a saved recipient (address book). */
export function recipientValues(recipient: SavedRecipient): Partial<CheckoutValues> {
  const code = recipient.phoneCountryCode || DEFAULT_COUNTRY_CODE;
  const altCode = recipient.altPhoneCountryCode || DEFAULT_COUNTRY_CODE;
  return {
    recipientName: recipient.name,
    recipientCountryCode: code,
    recipientPhoneNumber: localPhone(recipient.phone, code),
    recipientCountryCodeAlt: altCode,
    recipientPhoneNumberAlt: localPhone(recipient.altPhone, altCode),
    residenceType: recipient.residenceType,
    recipientHomeAddress: recipient.address,
    state: recipient.state,
    zone: recipient.zone,
  };
}

/** The user record's saved recipients that look like recipients (the record types them loosely). */
export function savedRecipientsOf(user: { recipients: unknown[] } | null): SavedRecipient[] {
  return (user?.recipients ?? []).filter(
    (r): r is SavedRecipient => typeof r === 'object' && r !== null && typeof (r as SavedRecipient).id === 'string' && typeof (r as SavedRecipient).name === 'string',
  );
}
