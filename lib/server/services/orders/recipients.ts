/**
 * A logged-in shopper's saved recipients (address book), filled at checkout when the shopper
 * ticks 'save address' and listed in the user record, newest first. A recipient is one row per
 * user, name (any case) and phone: saving the same person again updates that row.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { recipients } from '@/lib/server/db/schema';
import type { SavedRecipient } from '@/lib/contracts/orders';

export type RecipientInput = Omit<SavedRecipient, 'id'>;

/** Saves (inserts or updates) a recipient of a user. */
export async function saveRecipient(tx: Db, userId: string, recipient: RecipientInput, now: Date): Promise<void> {
  const values = { ...recipient, userId, updatedAt: now };
  // The unique key is an expression index (lower(name)); ON CONFLICT DO NOTHING without a target
  // covers it without aborting the transaction, and the update then refreshes the existing row.
  const [inserted] = await tx.insert(recipients).values(values).onConflictDoNothing().returning({ id: recipients.id });
  if (inserted) return;
  await tx
    .update(recipients)
    .set(values)
    .where(and(eq(recipients.userId, userId), sql`lower(${recipients.name}) = lower(${recipient.name})`, eq(recipients.phone, recipient.phone)));
}

/** A user's saved recipients, most recently saved first. */
export async function savedRecipients(db: Db, userId: string): Promise<SavedRecipient[]> {
  return db
    .select({
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
    })
    .from(recipients)
    .where(eq(recipients.userId, userId))
    .orderBy(desc(recipients.updatedAt), desc(recipients.id));
}
