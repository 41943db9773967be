/**
 * The back office's delivery capacity (issue 18): each branch's daily limit and the days with
 * their own (peak days lower or higher), saved whole as the settings document `capacity` by an
 * owner or manager, like the other settings: the row locked, `basedOn` against a colleague's newer
 * save (409), a `content_audit` line with before and after, and `contentChanged()` after the
 * commit so that cached calendars and pages go at once. Days that have passed are dropped on save.
 * Lowering a limit under what a day already holds refuses no order that holds a place: it only
 * stops new ones.
 */
import { eq } from 'drizzle-orm';
import { getDatabase, type Db } from '@/lib/server/db/client';
import { settings } from '@/lib/server/db/schema';
import { BadRequestError, HttpError } from '@/lib/server/http/errors';
import { contentChanged } from '@/lib/server/live/content';
import { recordContentChange } from '@/lib/server/services/backoffice/content-audit';
import { bookings, CAPACITY_KEY, readCapacity } from '@/lib/server/services/capacity';
import { capacitySettingsSchema, type AdminCapacity, type CapacityUse } from '@/lib/contracts/capacity';
import { capacityFor, capacityProblem, NO_CAPACITY_LIMITS, tidyCapacity, type CapacitySettings } from '@/lib/domain/capacity';
import { addDays } from '@/lib/domain/checkout';
import { shopDay } from '@/lib/domain/dates';

type Actor = { id: string; address?: string };

/** How many days ahead the page lists bookings for. */
export const USE_DAYS = 14;

const lagosTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Each day's bookings against its limits: the next USE_DAYS days and every day with its own limits. */
async function capacityUse(db: Db, capacity: CapacitySettings, at: Date): Promise<CapacityUse[]> {
  const today = shopDay(at);
  const days = new Set<string>();
  for (let day = today, n = 0; n < USE_DAYS; day = addDays(day, 1), n++) days.add(day);
  for (const own of capacity.days) if (own.day >= today) days.add(own.day);
  const sorted = [...days].sort();
  const taken = new Map((await bookings(db, sorted[0]!, sorted.at(-1)!, at)).map((b) => [`${b.branch}:${b.day}`, b.taken]));
  return sorted.map((day) => ({
    day,
    lagos: {
      taken: taken.get(`lagos:${day}`) ?? 0,
      limit: capacityFor(capacity, 'lagos', day),
    },
    abuja: {
      taken: taken.get(`abuja:${day}`) ?? 0,
      limit: capacityFor(capacity, 'abuja', day),
    },
  }));
}

/** What the capacity page shows: the limits, when they last changed, and the bookings. */
export async function adminCapacity(db: Db, at: Date): Promise<AdminCapacity> {
  const { capacity, updatedAt } = await readCapacity(db);
  const today = shopDay(at);
  const current = tidyCapacity(capacity, today);
  return {
    capacity: current,
    updatedAt: updatedAt?.toISOString() ?? null,
    today,
    use: await capacityUse(db, current, at),
  };
}

/**
 * Replaces the limits. 400 naming the place in words (`capacityProblem`), 409 when someone saved
 * them since `basedOn`. A save that changes nothing writes nothing.
 */
export async function changeCapacity(db: Db, actor: Actor, body: CapacitySettings, basedOn: string | undefined, at: Date): Promise<{ result: AdminCapacity; changed: boolean }> {
  const today = shopDay(at);
  const problem = capacityProblem(body, today);
  if (problem) throw new BadRequestError(problem);
  const next = tidyCapacity(body, today);

  const changed = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(settings).where(eq(settings.key, CAPACITY_KEY)).for('update');
    if (basedOn && row && row.updatedAt.getTime() !== new Date(basedOn).getTime()) {
      throw new HttpError(409, `Someone changed the delivery capacity at ${lagosTime.format(row.updatedAt)} (Lagos) since you opened it. Reload the page to see their change, then make yours again.`);
    }
    const stored = capacitySettingsSchema.safeParse(row?.value);
    const before = tidyCapacity(stored.success ? stored.data : NO_CAPACITY_LIMITS, today);
    if (JSON.stringify(before) === JSON.stringify(next)) return false;
    await tx
      .insert(settings)
      .values({ key: CAPACITY_KEY, value: next, updatedAt: at })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: next, updatedAt: at },
      });
    await recordContentChange(
      tx,
      {
        entity: 'settings',
        entityId: CAPACITY_KEY,
        action: 'updated',
        before: { ...before },
        after: { ...next },
        actor,
      },
      at,
    );
    return true;
  });
  if (changed) await contentChanged(await getDatabase());
  return { result: await adminCapacity(db, at), changed };
}
