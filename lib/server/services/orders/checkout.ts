/**
 * Checkout (PUT /v1/firebase/order/checkout-order/{id}): the delivery or pick-up details, the
 * sender, the card message, and optionally a new account and a saved address, written to the
 * order in one transaction.
 *
 * - Delivery: recipient name, phone, address and state are required (deliveryDetails first, the
 *   `recipient` fields as fallback); a zone too unless the state has none (other locations,
 *   quoted by staff). State and zone must exist in the delivery config of the chosen day. The
 *   residence type is stored apart from the address.
 * - Pick-up: a pickup point (LPI, LPL, APA); `pickupState` must agree with it when sent; every
 *   recipient field is stored blank.
 * - 'Create an account' for a guest: the password is hashed before the transaction, the account,
 *   its first token and the order link are written with the order. An e-mail that already has an
 *   account places the order anyway and answers `accountNotice`.
 * - Saving it twice writes the same row values: the 'Delivery details saved' event comes only
 *   with the first checkout, a saved recipient is updated rather than added.
 */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/server/db/client';
import { orderItems, orders, users } from '@/lib/server/db/schema';
import { BadRequestError } from '@/lib/server/http/errors';
import { hashPassword } from '@/lib/server/security/passwords';
import type { Session, UserRow } from '@/lib/server/services/accounts/auth';
import { createAccount, userRecord } from '@/lib/server/services/accounts/records';
import { readSettings } from '@/lib/server/services/settings';
import { takeSlot } from '@/lib/server/services/capacity';
import { addEvent, changeOrder, recomputeTotals } from '@/lib/server/services/orders/store';
import { claimAttempt, TooManyAttemptsError } from '@/lib/server/security/rate-limit';
import { signupConflictCounters } from '@/lib/server/services/accounts/limits';
import type { RequestContext } from '@/lib/server/services/accounts/context';
import { assertDeliveryDate, NO_ITEMS_MESSAGE, storedPhone, switchCurrency } from '@/lib/server/services/orders/orders';
import { saveRecipient, type RecipientInput } from '@/lib/server/services/orders/recipients';
import type { CheckoutAnswer, checkoutOrderBody } from '@/lib/contracts/orders';
import { PASSWORD_MIN_LENGTH } from '@/lib/contracts/auth';
import { deliveryFee, normaliseCountryCode, PICKUP_LOCATIONS, RESIDENCE_TYPES, splitRecipientAddress } from '@/lib/domain/checkout';

type Body = z.output<typeof checkoutOrderBody>;

export const ACCOUNT_EXISTS_NOTICE = 'An account already exists for this e-mail. Log in to see this order in your account.';
/** Said instead, whatever the e-mail, while the account-exists limits are reached: the order goes on. */
export const ACCOUNT_LATER_NOTICE = 'We could not create your account just now; your order is saved. You can sign up later with the same e-mail.';

/** The order columns a checkout writes (besides currency, user and timestamps). */
type Recipient = {
  recipientName: string;
  recipientPhone: string;
  recipientPhoneCountryCode: string;
  recipientAltPhone: string;
  recipientAltPhoneCountryCode: string;
  recipientAddress: string;
  residenceType: string;
  state: string | null;
  zone: string | null;
};
type Details = Recipient & {
  deliveryMethod: 'delivery' | 'pick-up';
  deliveryDate: string;
  despatchLocation: string | null;
  pickupState: string | null;
  senderName: string;
  senderEmail: string;
  senderPhone: string;
  senderPhoneCountryCode: string;
  deliveryMessage: string;
  purpose: string;
  adminNotes: string;
  deliveryInstruction: string;
};

/** A recipient field: deliveryDetails first, then `recipient`, with the path of the field that counts. */
type Picked = { value: string; field: string };

function picker(data: Body['orderData']) {
  const details = data.deliveryDetails;
  return (detailsKey: keyof NonNullable<typeof details>, recipientKey: keyof typeof data.recipient | null): Picked => {
    const fromDetails = details?.[detailsKey];
    if (fromDetails) return { value: fromDetails, field: `orderData.deliveryDetails.${detailsKey}` };
    const fromRecipient = recipientKey ? data.recipient[recipientKey] : undefined;
    if (fromRecipient) return { value: fromRecipient, field: `orderData.recipient.${recipientKey}` };
    return { value: '', field: details || !recipientKey ? `orderData.deliveryDetails.${detailsKey}` : `orderData.recipient.${recipientKey}` };
  };
}

const required = (p: Picked): string => {
  if (!p.value) throw new BadRequestError(`${p.field} is required`);
  return p.value;
};

/** The delivery columns, checked field by field (the zone is checked against the day's config later). */
function deliveryDetails(data: Body['orderData']): Recipient & { fields: { state: string; zone: string } } {
  const pick = picker(data);
  const name = required(pick('recipientName', 'name'));
  const phone = pick('recipientPhone', 'phone');
  const code = normaliseCountryCode(pick('recipientPhoneCountryCode', 'phoneCountryCode').value || undefined);
  const alt = pick('recipientAltPhone', 'phoneAlt');
  const altCode = normaliseCountryCode(pick('recipientAltPhoneCountryCode', 'altPhoneCountryCode').value || undefined);
  const addressText = required(pick('recipientAddress', 'address'));
  const state = pick('state', 'state');
  const zone = data.deliveryDetails?.zone ? pick('zone', null) : { value: data.deliveryZone ?? '', field: data.deliveryZone ? 'orderData.deliveryZone' : 'orderData.deliveryDetails.zone' };
  const residence = pick('recidenceType', 'residenceType');

  const split = splitRecipientAddress(addressText);
  const residenceText = residence.value || split.residenceType;
  const residenceType = residenceText ? RESIDENCE_TYPES.find((r) => r.toLowerCase() === residenceText.toLowerCase()) : '';
  if (residenceType === undefined) throw new BadRequestError(`${residence.field} must be one of ${RESIDENCE_TYPES.join(', ')}`);
  if (!split.address) throw new BadRequestError(`${pick('recipientAddress', 'address').field} is required`);

  return {
    recipientName: name,
    recipientPhone: storedPhone(required(phone), code, phone.field),
    recipientPhoneCountryCode: code,
    recipientAltPhone: alt.value ? storedPhone(alt.value, altCode, alt.field) : '',
    recipientAltPhoneCountryCode: altCode,
    recipientAddress: split.address,
    residenceType,
    state: required(state).toLowerCase(),
    zone: zone.value || null,
    fields: { state: state.field, zone: zone.field },
  };
}

const blankRecipient = {
  recipientName: '',
  recipientPhone: '',
  recipientPhoneCountryCode: '+234',
  recipientAltPhone: '',
  recipientAltPhoneCountryCode: '+234',
  recipientAddress: '',
  residenceType: '',
  state: null,
  zone: null,
} satisfies Recipient;

/** Every checkout column from the body, or a 400 naming the first bad field. */
function detailsFrom(body: Body, session: Session | null): { details: Details; fields: { state: string; zone: string } | null } {
  const data = body.orderData;
  if (!data.deliveryDate) throw new BadRequestError('orderData.deliveryDate is required');

  const user = body.userData;
  if (!user.name) throw new BadRequestError('userData.name is required');
  const email = user.email || session?.user.email;
  if (!email) throw new BadRequestError('userData.email is required');
  if (!user.phone) throw new BadRequestError('userData.phone is required');
  const senderCode = normaliseCountryCode(user.phoneCountryCode);
  const sender = {
    senderName: user.name,
    senderEmail: email.toLowerCase(),
    senderPhone: storedPhone(user.phone, senderCode, 'userData.phone'),
    senderPhoneCountryCode: senderCode,
  };
  const extras = {
    deliveryDate: data.deliveryDate,
    deliveryMessage: data.deliveryMessage ?? '',
    purpose: data.purpose ?? '',
    adminNotes: data.adminNotes ?? '',
    deliveryInstruction: data.deliveryInstruction ?? '',
  };

  if (data.recipient.method === 'pick-up') {
    if (!data.despatchLocation) throw new BadRequestError('orderData.despatchLocation is required for a pick-up');
    const location = PICKUP_LOCATIONS.find((p) => p.code === data.despatchLocation)!;
    if (data.pickupState && data.pickupState.toLowerCase() !== location.state) {
      throw new BadRequestError(`orderData.pickupState: ${location.name} (${location.code}) is in ${location.state}, not ${data.pickupState}`);
    }
    return {
      details: { ...sender, ...extras, ...blankRecipient, deliveryMethod: 'pick-up', despatchLocation: location.code, pickupState: location.state },
      fields: null,
    };
  }
  const { fields, ...delivery } = deliveryDetails(data);
  return { details: { ...sender, ...extras, ...delivery, deliveryMethod: 'delivery', despatchLocation: null, pickupState: null }, fields };
}

/** Checks the delivery against the day's config (state, zone, the day's smallest order). */
async function assertDeliverable(tx: Db, orderId: string, details: Details, fields: { state: string; zone: string }): Promise<void> {
  const [sums] = await tx
    .select({ subtotal: sql<number>`coalesce(sum(${orderItems.lineTotal}), 0)::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const { delivery } = await readSettings(tx);
  const quote = deliveryFee(delivery, {
    method: 'delivery',
    state: details.state ?? undefined,
    zone: details.zone ?? undefined,
    day: details.deliveryDate,
    subtotal: sums?.subtotal ?? 0,
  });
  if (quote.ok) return;
  if (quote.field === 'subtotal') throw new BadRequestError(quote.message);
  if (quote.field === 'zone' && !details.zone) throw new BadRequestError(`${fields.zone} is required`);
  throw new BadRequestError(`${quote.field === 'state' ? fields.state : fields.zone}${quote.message.replace(/^(state|zone)/, '')}`);
}

/** Validates the new account's password and hashes it (before any transaction: argon2 is slow). */
async function preparedAccount(db: Db, body: Body, email: string, ctx: RequestContext): Promise<{ passwordHash: string } | 'exists' | 'later'> {
  const password = body.userData.password ?? '';
  if (!password) throw new BadRequestError('userData.password is required to create an account');
  if (password.length < PASSWORD_MIN_LENGTH) throw new BadRequestError(`userData.password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  // The 'account exists' notice tells whether an e-mail is registered: limited like signup's 409
  // (per address and shop-wide), counted before the look-up so simultaneous probes cannot slip by.
  // Past a limit the checkout itself goes on (an order is never refused for it) without an
  // account, with a notice that is the same for a registered and a new e-mail.
  let forgetAttempt: () => Promise<void>;
  try {
    forgetAttempt = await claimAttempt(db, signupConflictCounters(ctx.ip), ctx.now);
  } catch (error) {
    if (error instanceof TooManyAttemptsError) return 'later';
    throw error;
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return 'exists';
  await forgetAttempt();
  return { passwordHash: await hashPassword(password) };
}

/** Saves the checkout details on an unpaid order; see the header for the rules. */
export async function checkoutOrder(db: Db, id: string, body: Body, session: Session | null, ctx: RequestContext): Promise<CheckoutAnswer> {
  const now = ctx.now;
  const { details, fields } = detailsFrom(body, session);
  const account = body.shouldCreateAccount && !session ? await preparedAccount(db, body, details.senderEmail, ctx) : null;
  let created: { user: UserRow; token: string } | null = null;

  const order = await changeOrder(db, id, async (tx, current) => {
    await assertDeliveryDate(tx, details.deliveryDate, now, 'orderData.deliveryDate');
    const [item] = await tx.select({ sku: orderItems.sku }).from(orderItems).where(eq(orderItems.orderId, id)).limit(1);
    if (!item) throw new BadRequestError(NO_ITEMS_MESSAGE);
    if (fields) await assertDeliverable(tx, id, details, fields);
    // Last of the checks: the day's place at the branch the details name (409 when it is full).
    await takeSlot(tx, { id, deliveryMethod: details.deliveryMethod, despatchLocation: details.despatchLocation, state: details.state }, details.deliveryDate, now);

    if (account && typeof account === 'object') {
      created = await createAccount(tx, { email: details.senderEmail, passwordHash: account.passwordHash, name: details.senderName }, now);
    }
    const userId = session?.user.id ?? created?.user.id ?? current.userId;
    if (body.shouldSaveAddress && details.deliveryMethod === 'delivery' && (session || created)) {
      const recipient: RecipientInput = {
        name: details.recipientName,
        phone: details.recipientPhone,
        phoneCountryCode: details.recipientPhoneCountryCode,
        altPhone: details.recipientAltPhone,
        altPhoneCountryCode: details.recipientAltPhoneCountryCode,
        address: details.recipientAddress,
        residenceType: details.residenceType,
        state: details.state ?? '',
        zone: details.zone ?? '',
      };
      await saveRecipient(tx, userId!, recipient, now);
    }

    await switchCurrency(tx, current, body.currency, now);
    await tx
      .update(orders)
      .set({ ...details, userId, checkedOutAt: current.checkedOutAt ?? now, updatedAt: now })
      .where(eq(orders.id, id));
    if (!current.checkedOutAt) await addEvent(tx, id, current.status, 'Delivery details saved', now);
    await recomputeTotals(tx, id, now);
  });

  const newAccount = created as { user: UserRow; token: string } | null;
  return {
    order,
    user: newAccount ? await userRecord(db, newAccount.user, newAccount.token) : null,
    ...(account && !newAccount && { accountNotice: account === 'later' ? ACCOUNT_LATER_NOTICE : ACCOUNT_EXISTS_NOTICE }),
  };
}
