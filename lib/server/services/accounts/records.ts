/**
 * The user record every successful auth call answers (with the server cart and the saved
 * recipients it carries), and the creation of an account row with its empty cart and first
 * token, shared by signup and the checkout's 'create an account'.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';
import { userCarts, users } from '@/lib/server/db/schema';
import type { UserRecord } from '@/lib/contracts/auth';
import { cartItemSchema } from '@/lib/contracts/cart';
import type { CartItem } from '@/lib/domain/cart';
import { issueToken, type UserRow } from '@/lib/server/services/accounts/sessions';
import { savedRecipients } from '@/lib/server/services/orders/recipients';

const storedCart = z.array(cartItemSchema);

/** The user's server cart ([] when none was saved, or when the stored one no longer parses). */
export async function readCart(db: Db, userId: string): Promise<CartItem[]> {
  const [row] = await db.select({ items: userCarts.items }).from(userCarts).where(eq(userCarts.userId, userId));
  if (!row) return [];
  const parsed = storedCart.safeParse(row.items);
  if (!parsed.success) {
    log().error({ area: 'accounts', userId }, 'stored cart is invalid; answering an empty cart');
    return [];
  }
  return parsed.data;
}

/** Replaces the user's server cart. */
export async function saveCart(db: Db, userId: string, items: CartItem[], now: Date): Promise<CartItem[]> {
  await db
    .insert(userCarts)
    .values({ userId, items, updatedAt: now })
    .onConflictDoUpdate({ target: userCarts.userId, set: { items, updatedAt: now } });
  return items;
}

export type NewAccount = { email: string; passwordHash: string; name?: string; marketingOptIn?: boolean };

/**
 * Inserts an account (e-mail lower-cased by the caller, password already hashed) with an empty
 * server cart and a first token (via 'password'), inside the caller's transaction. Its e-mail is
 * not proven (`emailProvenAt` null) until a one-time password sent to it is entered. Null, with nothing written,
 * when the e-mail already has an account.
 */
export async function createAccount(tx: Db, input: NewAccount, now: Date): Promise<{ user: UserRow; token: string } | null> {
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      name: input.name ?? '',
      passwordHash: input.passwordHash,
      marketingOptIn: input.marketingOptIn ?? false,
      createdAt: now,
      updatedAt: now,
      passwordChangedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) return null;
  await tx.insert(userCarts).values({ userId: user.id, items: [], updatedAt: now });
  return { user, token: await issueToken(tx, user.id, now) };
}

/** The user record: token, e-mail, name, the server cart and the saved recipients (newest first). */
export async function userRecord(db: Db, user: Pick<UserRow, 'id' | 'email' | 'name' | 'phone' | 'phoneCountryCode'>, authToken: string): Promise<UserRecord> {
  const [cartItems, recipients] = await Promise.all([readCart(db, user.id), savedRecipients(db, user.id)]);
  return { authToken, email: user.email, name: user.name, phone: user.phone, phoneCountryCode: user.phoneCountryCode, cartItems, recipients };
}
