/** Newsletter subscribers: an e-mail is stored once. */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { subscribers } from '@/lib/server/db/schema';

/** Subscribes an (already normalised) e-mail; says whether it was subscribed before. */
export async function subscribe(db: Db, email: string): Promise<{ email: string; alreadySubscribed: boolean }> {
  const inserted = await db.insert(subscribers).values({ email }).onConflictDoNothing().returning({ email: subscribers.email });
  return { email, alreadySubscribed: inserted.length === 0 };
}

/** How many subscribers there are (for tests and staff). */
export async function subscriberCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(subscribers);
  return row?.n ?? 0;
}
