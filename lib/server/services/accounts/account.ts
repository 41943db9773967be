/**
 * The account's profile (GET/PUT /v1/regal/account/profile): name, phone and its country code,
 * marketing opt-in, and what the account page shows about the account (e-mail, since when,
 * whether the e-mail is proven and whether a password is set). The name and phone come back in
 * every user record (records.ts), where the checkout pre-fills its sender fields from them.
 *
 * The phone is stored as the checkout stores a sender's phone: normalised with its country code
 * (`normalisePhone`, lib/domain/checkout.ts: '0803 123 4567' with +234 is '+2348031234567'), so
 * the pre-filled checkout sends it back unchanged. '' clears it.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { BadRequestError } from '@/lib/server/http/errors';
import { UnauthorizedError, type UserRow } from '@/lib/server/services/accounts/auth';
import type { Profile, profileBody } from '@/lib/contracts/account';
import { isPlausiblePhone, normaliseCountryCode, normalisePhone } from '@/lib/domain/checkout';

export const PROFILE_PHONE_MESSAGE = 'phone: Your phone number must be a valid phone number, such as 0803 123 4567';

/** The profile of the logged-in account (the row its token was read with). */
export function readProfile(user: UserRow): Profile {
  return {
    email: user.email,
    name: user.name,
    phone: user.phone,
    phoneCountryCode: user.phoneCountryCode,
    marketingOptIn: user.marketingOptIn,
    emailProven: user.emailProvenAt !== null,
    createdAt: user.createdAt.toISOString(),
    hasPassword: user.passwordHash !== null,
  };
}

/**
 * Saves the fields sent (each optional, at least one: the contract says so) and answers the
 * profile. A phone is normalised with the country code sent, or the one stored; a country code
 * sent alone changes only the code. 400 for a phone that is not one.
 */
export async function updateProfile(db: Db, user: UserRow, body: z.output<typeof profileBody>, now: Date): Promise<Profile> {
  const phoneCountryCode = body.phoneCountryCode !== undefined ? normaliseCountryCode(body.phoneCountryCode) : user.phoneCountryCode;
  let phone: string | undefined;
  if (body.phone !== undefined) {
    phone = body.phone ? normalisePhone(body.phone, phoneCountryCode) : '';
    if (phone && !isPlausiblePhone(phone)) throw new BadRequestError(PROFILE_PHONE_MESSAGE);
  }
  const [row] = await db
    .update(users)
    .set({
      ...(body.name !== undefined && { name: body.name }),
      ...(phone !== undefined && { phone }),
      ...(body.phoneCountryCode !== undefined && { phoneCountryCode }),
      ...(body.marketingOptIn !== undefined && { marketingOptIn: body.marketingOptIn }),
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  // The account was deleted meanwhile (by another of its sessions).
  if (!row) throw new UnauthorizedError();
  return readProfile(row);
}
