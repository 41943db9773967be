/**
 * A logged-in shopper's saved recipients (address book): filled at checkout when the shopper
 * ticks 'save this address', and kept by hand in the account area (list, add, replace, delete).
 * Listed in the user record and the account area, most recently saved first.
 *
 * One person is one entry. Two entries are the same person when their names and main phone
 * numbers are the same once written the one way this module stores them (`recipientKey`):
 * - the name trimmed, with every run of spaces inside it made one space; compared without case
 *   ('  amaka   OBI ' is 'Amaka Obi');
 * - the phone normalised with its country code by the checkout's own rule (`normalisePhone`,
 *   lib/domain/checkout.ts): spaces, dashes, dots, slashes and brackets dropped, a leading 0
 *   dropped, the country code written once with '+' ('0803-123 4567', '803 123 4567' and
 *   '+234 803 123 4567' are all '+2348031234567'). The alternative phone is stored the same way.
 * Names and phones are stored so, and the database's unique index (user, lower(name), phone)
 * then refuses a second entry for the same person whichever way it was typed.
 *
 * - The checkout's save (`saveRecipient`) never fails a checkout: the same person again updates
 *   their entry (and moves it to the top); a full address book (`MAX_RECIPIENTS`) simply keeps
 *   the order's address out of it.
 * - The address book's calls answer 409 for a second entry of the same person or a full book,
 *   and 404 for an id that is not the shopper's (another's looks exactly like an unknown one).
 */
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/server/db/client';
import { recipients, users } from '@/lib/server/db/schema';
import { BadRequestError, HttpError, NotFoundError } from '@/lib/server/http/errors';
import { isOrderId } from '@/lib/server/services/orders/rows';
import { readSettings } from '@/lib/server/services/settings';
import {
  DUPLICATE_RECIPIENT_MESSAGE,
  MAX_RECIPIENTS,
  RECIPIENT_NOT_FOUND_MESSAGE,
  type recipientBody,
  type SavedRecipient,
} from '@/lib/contracts/account';
import { DELIVERY_STATES, isPlausiblePhone, normaliseCountryCode, normalisePhone, RESIDENCE_TYPES } from '@/lib/domain/checkout';

export type RecipientInput = Omit<SavedRecipient, 'id'>;

export const RECIPIENTS_FULL_MESSAGE = `Your address book is full (${MAX_RECIPIENTS} recipients). Please delete one you no longer need first.`;

/**
 * A recipient's name as stored: trimmed, inner runs of spaces made one.
 * @example recipientName('  Amaka   Obi ') // 'Amaka Obi'
 */
export function recipientName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * A phone as stored: normalised with its country code (see the header), '' when none was given.
 * @example recipientPhone('0803-123 4567', '+234') // '+2348031234567'
 */
export function recipientPhone(phone: string, countryCode: string): string {
  return phone.trim() ? normalisePhone(phone, countryCode) : '';
}

/** The entry as stored: name and phones written the one way (see the header), codes as '+digits'. */
export function storedRecipient(input: RecipientInput): RecipientInput {
  const phoneCountryCode = normaliseCountryCode(input.phoneCountryCode);
  const altPhoneCountryCode = normaliseCountryCode(input.altPhoneCountryCode);
  return {
    ...input,
    name: recipientName(input.name),
    phone: recipientPhone(input.phone, phoneCountryCode),
    phoneCountryCode,
    altPhone: recipientPhone(input.altPhone, altPhoneCountryCode),
    altPhoneCountryCode,
  };
}

/** The SQL condition 'this entry is the same person' (the unique index's terms; the name compared as stored). */
function samePerson(userId: string, entry: Pick<RecipientInput, 'name' | 'phone'>) {
  return and(
    eq(recipients.userId, userId),
    // Entries saved before names were tidied may hold double spaces: compare them tidied too.
    sql`lower(regexp_replace(btrim(${recipients.name}), '\\s+', ' ', 'g')) = lower(${entry.name})`,
    eq(recipients.phone, entry.phone),
  );
}

async function recipientCount(tx: Db, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(recipients).where(eq(recipients.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * The checkout's 'save this address' (inside the checkout's transaction): the same person
 * (see the header) updates their entry, anyone else is added unless the book is full, in which
 * case the checkout goes on without saving (an order is never refused for its address book).
 */
export async function saveRecipient(tx: Db, userId: string, recipient: RecipientInput, now: Date): Promise<void> {
  const entry = storedRecipient(recipient);
  const values = { ...entry, userId, updatedAt: now };
  // One entry is updated even if entries saved before names were tidied match twice ('Amaka
  // Obi' and 'Amaka  Obi'): the one already written this way if any (so the new name clashes
  // with no other), else the newest.
  const [same] = await tx
    .select({ id: recipients.id })
    .from(recipients)
    .where(samePerson(userId, entry))
    .orderBy(sql`lower(${recipients.name}) = lower(${entry.name}) desc`, desc(recipients.updatedAt))
    .limit(1);
  if (same) {
    await tx.update(recipients).set(values).where(eq(recipients.id, same.id));
    return;
  }
  if ((await recipientCount(tx, userId)) >= MAX_RECIPIENTS) return;
  // Two checkouts of the same person at once: the unique index keeps one row. ON CONFLICT DO
  // NOTHING without a target covers its expression (lower(name)) without aborting the transaction.
  await tx.insert(recipients).values(values).onConflictDoNothing();
}

const columns = {
  id: recipients.id,
  name: recipients.name,
  phone: recipients.phone,
  phoneCountryCode: recipients.phoneCountryCode,
  altPhone: recipients.altPhone,
  altPhoneCountryCode: recipients.altPhoneCountryCode,
  address: recipients.address,
  residenceType: recipients.residenceType,
  state: recipients.state,
  zone: recipients.zone,
};

/** A user's saved recipients, most recently saved first. */
export async function savedRecipients(db: Db, userId: string): Promise<SavedRecipient[]> {
  return db.select(columns).from(recipients).where(eq(recipients.userId, userId)).orderBy(desc(recipients.updatedAt), desc(recipients.id));
}

// --- The address book's calls -----------------------------------------------------------------

export type RecipientBodyParsed = z.output<typeof recipientBody>;

/**
 * The body as an entry to store; 400 naming the field for a phone that is not a phone number, a
 * state the shop does not deliver to, a zone that is not one of the state's, or a residence type
 * the checkout does not know (the checkout would refuse them when the entry is picked).
 */
async function entryFrom(db: Db, body: RecipientBodyParsed): Promise<RecipientInput> {
  const state = body.state.toLowerCase();
  const residenceType = body.residenceType ? RESIDENCE_TYPES.find((r) => r.toLowerCase() === body.residenceType.toLowerCase()) : '';
  const entry = storedRecipient({
    name: body.name,
    phone: body.phone,
    phoneCountryCode: body.phoneCountryCode,
    altPhone: body.altPhone,
    altPhoneCountryCode: body.altPhoneCountryCode,
    address: body.address,
    residenceType: residenceType ?? '',
    state,
    zone: body.zone,
  });
  if (!isPlausiblePhone(entry.phone)) throw new BadRequestError("phone: Recipient's phone number must be a valid phone number, such as 0803 123 4567");
  if (entry.altPhone && !isPlausiblePhone(entry.altPhone)) {
    throw new BadRequestError("altPhone: Recipient's other phone number must be a valid phone number, such as 0803 123 4567");
  }
  if (residenceType === undefined) throw new BadRequestError(`residenceType must be one of ${RESIDENCE_TYPES.join(', ')}`);
  if (state && !(DELIVERY_STATES as readonly string[]).includes(state)) throw new BadRequestError(`state must be one of ${DELIVERY_STATES.join(', ')}`);
  if (entry.zone) {
    if (!state) throw new BadRequestError('state is required with a zone');
    // Zones as the base delivery config names them (peak days use the same zone keys).
    const { delivery } = await readSettings(db);
    const zones = delivery.baseConfig.stateDeliveryZones.find((s) => s.state === state)?.zones ?? [];
    if (!zones.some((z) => z.name === entry.zone)) {
      throw new BadRequestError(zones.length ? `zone must be one of ${zones.map((z) => z.name).join(', ')}` : `zone: ${state} has no delivery zones`);
    }
  }
  return entry;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Runs an address book write in one transaction that first locks the account's row (NO KEY
 * UPDATE: the checkout's saves, which only reference the row, are not held up), so that two
 * writes of one account cannot both pass the duplicate and size checks. A unique violation that
 * still slips through (a checkout saving the same person at that instant) is the same 409.
 */
async function bookWrite<T>(db: Db, userId: string, write: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      return write(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_RECIPIENT_MESSAGE);
    throw error;
  }
}

/** Adds an entry (201 by the route); 409 for the same person again or a full book. */
export async function addRecipient(db: Db, userId: string, body: RecipientBodyParsed, now: Date): Promise<SavedRecipient> {
  const entry = await entryFrom(db, body);
  return bookWrite(db, userId, async (tx) => {
    const [same] = await tx.select({ id: recipients.id }).from(recipients).where(samePerson(userId, entry)).limit(1);
    if (same) throw new HttpError(409, DUPLICATE_RECIPIENT_MESSAGE);
    if ((await recipientCount(tx, userId)) >= MAX_RECIPIENTS) throw new HttpError(409, RECIPIENTS_FULL_MESSAGE);
    const [row] = await tx
      .insert(recipients)
      .values({ ...entry, userId, updatedAt: now })
      .returning(columns);
    return row!;
  });
}

/**
 * Replaces an entry whole and moves it to the top (saved now); 404 when it is not the user's,
 * 409 when it would be the same person as another of their entries.
 */
export async function updateRecipient(db: Db, userId: string, id: string, body: RecipientBodyParsed, now: Date): Promise<SavedRecipient> {
  if (!isOrderId(id)) throw new NotFoundError(RECIPIENT_NOT_FOUND_MESSAGE);
  const mine = and(eq(recipients.id, id), eq(recipients.userId, userId));
  const entry = await entryFrom(db, body);
  return bookWrite(db, userId, async (tx) => {
    const [current] = await tx.select({ id: recipients.id }).from(recipients).where(mine);
    if (!current) throw new NotFoundError(RECIPIENT_NOT_FOUND_MESSAGE);
    const [same] = await tx
      .select({ id: recipients.id })
      .from(recipients)
      .where(and(samePerson(userId, entry), ne(recipients.id, id)))
      .limit(1);
    if (same) throw new HttpError(409, DUPLICATE_RECIPIENT_MESSAGE);
    const [row] = await tx
      .update(recipients)
      .set({ ...entry, updatedAt: now })
      .where(mine)
      .returning(columns);
    return row!;
  });
}

/** Deletes an entry; 404 when it is not the user's. */
export async function deleteRecipient(db: Db, userId: string, id: string): Promise<{ deleted: true }> {
  if (!isOrderId(id)) throw new NotFoundError(RECIPIENT_NOT_FOUND_MESSAGE);
  const [row] = await db
    .delete(recipients)
    .where(and(eq(recipients.id, id), eq(recipients.userId, userId)))
    .returning({ id: recipients.id });
  if (!row) throw new NotFoundError(RECIPIENT_NOT_FOUND_MESSAGE);
  return { deleted: true };
}
