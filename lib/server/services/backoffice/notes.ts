/**
 * Staff's internal notes on an order ('gate code 4471', 'sender asked for white lilies instead'):
 * any staff member who can see the order may add one; they are kept in order, with who wrote them,
 * never changed or removed, and never shown to the shopper.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orderNotes } from '@/lib/server/db/schema';

/** The order's notes, oldest first. */
export async function notesOf(db: Db, orderId: string): Promise<(typeof orderNotes.$inferSelect)[]> {
  return db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.at), asc(orderNotes.id));
}

/** Writes a note by `staffId` (null for the API token). The caller has checked the writer may see the order. */
export async function insertNote(db: Db, orderId: string, staffId: string | null, text: string, at: Date): Promise<void> {
  await db.insert(orderNotes).values({ orderId, staffId, text: text.trim(), at });
}
