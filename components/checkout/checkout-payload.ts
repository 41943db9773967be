/**
 * The checkout form's values as the calls take them (spec sections 5 and 7), pure:
 *
 * - phone numbers normalised (`normalisePhone`: country code once, leading 0 dropped) and
 *   country codes written '+digits';
 * - empty or undefined fields omitted, at any depth;
 * - a pick-up sends blank recipient details: the recipient's name, phones, address, state and
 *   residence type as '' (whatever was typed before switching is not sent), the pickup point as
 *   `despatchLocation` and its state as `pickupState`;
 * - the account password only with 'Create a free account', 'Save this address' only for a
 *   logged-in shopper's delivery.
 */
import type { CheckoutOrderBody, SaveSenderInfoBody } from '@/lib/contracts/orders';
import { normaliseCountryCode, normalisePhone, PICKUP_LOCATIONS, type PickupCode } from '@/lib/domain/checkout';
import type { CurrencyCode } from '@/lib/domain/money';
import type { CheckoutValues } from './checkout-form';

type Plain = string | number | boolean | null | undefined | Plain[] | { [key: string]: Plain };

/**
 * A copy without empty ('' after trimming), null or undefined fields, at any depth.
 * @example compact({ a: '', b: ' x ', c: { d: undefined } }) // { b: 'x', c: {} }
 */
export function compact<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const v = typeof field === 'string' ? field.trim() : field;
    if (v === '' || v === undefined || v === null) continue;
    out[key] = typeof v === 'object' && !Array.isArray(v) ? compact(v as Record<string, Plain>) : v;
  }
  return out as T;
}

const phoneOf = (phone: string, code: string) => (phone.trim() ? normalisePhone(phone, code) : '');
const codeOf = (phone: string, code: string) => (phone.trim() ? normaliseCountryCode(code) : '');

/** Blank recipient details of a pick-up (see the module comment); country codes are left out ('' is not a code). */
const BLANK_RECIPIENT = { name: '', phone: '', phoneAlt: '', address: '', state: '', residenceType: '' };
const BLANK_DETAILS = { recidenceType: '', recipientAddress: '', recipientName: '', recipientPhone: '', recipientAltPhone: '', state: '', zone: '' };

/** The checkout-order body for the form's values. */
export function checkoutBody(values: CheckoutValues, ctx: { loggedIn: boolean; currency: CurrencyCode }): Omit<CheckoutOrderBody, 'business'> {
  const pickup = values.deliveryMethod === 'pick-up';
  const location = PICKUP_LOCATIONS.find((p) => p.code === values.pickUpLocation);
  const createAccount = !ctx.loggedIn && values.freeAccount;

  const common = compact({
    adminNotes: values.additionalInfo,
    deliveryMessage: values.message,
    purpose: values.purpose,
  });

  const phone = phoneOf(values.recipientPhoneNumber, values.recipientCountryCode);
  const phoneCode = codeOf(values.recipientPhoneNumber, values.recipientCountryCode);
  const alt = phoneOf(values.recipientPhoneNumberAlt, values.recipientCountryCodeAlt);
  const altCode = codeOf(values.recipientPhoneNumberAlt, values.recipientCountryCodeAlt);

  const orderData: CheckoutOrderBody['orderData'] = pickup
    ? {
        ...common,
        deliveryDate: values.deliveryDate.trim(),
        ...(location && { despatchLocation: location.code as PickupCode, pickupState: location.state }),
        recipient: { ...BLANK_RECIPIENT, method: 'pick-up' },
        deliveryDetails: { ...BLANK_DETAILS },
      }
    : {
        ...common,
        deliveryDate: values.deliveryDate.trim(),
        ...compact({ deliveryInstruction: values.deliveryInstruction, deliveryZone: values.zone }),
        recipient: compact({
          name: values.recipientName,
          phone,
          phoneCountryCode: phoneCode,
          phoneAlt: alt,
          altPhoneCountryCode: altCode,
          address: values.recipientHomeAddress,
          state: values.state,
          residenceType: values.residenceType,
          method: 'delivery' as const,
        }),
        deliveryDetails: compact({
          recidenceType: values.residenceType,
          recipientAddress: values.recipientHomeAddress,
          recipientName: values.recipientName,
          recipientPhone: phone,
          recipientPhoneCountryCode: phoneCode,
          recipientAltPhone: alt,
          recipientAltPhoneCountryCode: altCode,
          state: values.state,
          zone: values.zone,
        }),
      };

  return {
    shouldCreateAccount: createAccount,
    shouldSaveAddress: ctx.loggedIn && !pickup && values.shouldSaveAddress,
    orderData,
    userData: compact({
      name: values.senderName,
      email: values.senderEmail,
      phone: phoneOf(values.senderPhoneNumber, values.senderCountryCode),
      password: createAccount ? values.senderPassword : undefined,
      phoneCountryCode: codeOf(values.senderPhoneNumber, values.senderCountryCode),
    }),
    currency: ctx.currency,
  };
}

/** The save-sender-info body for the sender block (sent once it is complete). */
export function senderInfoBody(values: CheckoutValues): Omit<SaveSenderInfoBody, 'business'> {
  return compact({
    senderName: values.senderName,
    senderEmail: values.senderEmail,
    senderPhoneNumber: phoneOf(values.senderPhoneNumber, values.senderCountryCode),
    senderCountryCode: codeOf(values.senderPhoneNumber, values.senderCountryCode),
  });
}
