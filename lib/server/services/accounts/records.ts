/** The user record every successful auth call answers, and the server cart it carries. */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/server/db/client';
import { userCarts } from '@/lib/server/db/schema';
import { cartItemSchema, type CartItem, type UserRecord } from '@/lib/contracts/auth';
import type { UserRow } from '@/lib/server/services/accounts/sessions';

const storedCart = z.array(cartItemSchema);

/** The user's server cart ([] when none was saved, or when the stored one no longer parses). */
export async function readCart(db: Db, userId: string): Promise<CartItem[]> {
  const [row] = await db.select({ items: userCarts.items }).from(userCarts).where(eq(userCarts.userId, userId));
  if (!row) return [];
  const parsed = storedCart.safeParse(row.items);
  if (!parsed.success) {
    console.error(`[accounts] stored cart of user ${userId} is invalid; answering an empty cart`);
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

export async function userRecord(db: Db, user: Pick<UserRow, 'id' | 'email' | 'name'>, authToken: string): Promise<UserRecord> {
  return { authToken, email: user.email, name: user.name, cartItems: await readCart(db, user.id), recipients: [] };
}
