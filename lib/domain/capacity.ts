/**
 * Delivery capacity (issue 18, pure): how many orders a branch takes for one day, which orders
 * hold one of those places, and when a day is full. The numbers live in the settings document
 * `capacity` (lib/server/services/capacity.ts reads it and counts the orders; the back office edits it).
 *
 * - Every order a branch prepares for a day counts, door deliveries and pick-ups alike: the limit
 *   is the branch's florists' and riders' day, and a pick-up is arranged like a delivery. A
 *   delivery to Abuja and a pick-up at the Abuja point are Abuja's; everything else, other states
 *   included, is the head office's (Lagos), as the checkout's `branchKeyFor` says.
 * - An order holds its place once its branch is known (it was checked out) and until it is
 *   cancelled: paid, part paid or announced as transferred, it holds it for good; unpaid, for
 *   `SLOT_HOLD_MINUTES` from when it last took the place (checkout, a new day, a payment start),
 *   so that an abandoned checkout does not block a day for ever.
 * - No number for a branch means no limit: a fresh shop takes every order, as before.
 */
import { PICKUP_LOCATIONS } from '@/lib/domain/checkout';
import { onFirstUse } from '@/lib/domain/first-use';

export const CAPACITY_BRANCHES = ['lagos', 'abuja'] as const;
export type CapacityBranch = (typeof CAPACITY_BRANCHES)[number];

export const BRANCH_NAMES: Record<CapacityBranch, string> = {
  lagos: 'Lagos',
  abuja: 'Abuja',
};

/** The most orders one branch may take for one day (a setting; the back office refuses more). */
export const MAX_DAILY_CAPACITY = 10_000;

/** How long an unpaid order keeps its place on a day after it last took it. */
export const SLOT_HOLD_MINUTES = 60;
export const SLOT_HOLD_MS = SLOT_HOLD_MINUTES * 60_000;

/** One day's own limits (peak days lower or higher); null keeps the branch's default. */
export type CapacityDay = {
  day: string;
  lagos: number | null;
  abuja: number | null;
  note: string;
};

/** The settings document `capacity`. */
export type CapacitySettings = {
  /** Orders per day per branch; null: no limit. */
  defaults: Record<CapacityBranch, number | null>;
  /** Days with their own limits, in day order. */
  days: CapacityDay[];
};

export const NO_CAPACITY_LIMITS: CapacitySettings = {
  defaults: { lagos: null, abuja: null },
  days: [],
};

/**
 * The limit of a branch on a day: the day's own, else the branch's default; null for none.
 * @example capacityFor({ defaults: { lagos: 40, abuja: null }, days: [{ day: '2027-02-14', lagos: 90, abuja: 30, note: '' }] }, 'lagos', '2027-02-14') // 90
 */
export function capacityFor(settings: CapacitySettings, branch: CapacityBranch, day: string): number | null {
  const own = settings.days.find((d) => d.day === day)?.[branch];
  return own ?? settings.defaults[branch];
}

/**
 * The branch that prepares an order: Abuja for a delivery to Abuja or a pick-up at the Abuja
 * point, Lagos (the head office) for everything else.
 * @example branchOfOrder({ deliveryMethod: 'pick-up', despatchLocation: 'APA', state: null }) // 'abuja'
 */
export function branchOfOrder(order: { deliveryMethod: string | null; despatchLocation: string | null; state: string | null }): CapacityBranch {
  if (order.deliveryMethod === 'pick-up') return PICKUP_LOCATIONS.find((p) => p.code === order.despatchLocation)?.branch === 'abuja' ? 'abuja' : 'lagos';
  return order.state === 'abuja' ? 'abuja' : 'lagos';
}

/**
 * Whether an order holds a place on its day at `at` (see the header): checked out, not
 * cancelled, and paid (in part or announced) or within its hold.
 * @example holdsSlot({ status: 'created', paymentState: 'unpaid', checkedOut: true, slotHeldAt: new Date('2027-03-02T10:00:00Z') }, new Date('2027-03-02T10:59:59Z')) // true
 */
export function holdsSlot(
  order: {
    status: string;
    paymentState: string;
    checkedOut: boolean;
    slotHeldAt: Date | null;
  },
  at: Date,
): boolean {
  if (!order.checkedOut || order.status === 'cancelled') return false;
  if (order.paymentState !== 'unpaid') return true;
  return order.slotHeldAt !== null && at.getTime() - order.slotHeldAt.getTime() < SLOT_HOLD_MS;
}

/** Whether `taken` orders (others than the one asking) leave no place under `limit`. */
export function isFull(limit: number | null, taken: number): boolean {
  return limit !== null && taken >= limit;
}

/** The reason a full day shows in the date pickers. */
export const FULLY_BOOKED = 'Fully booked';

const dayText = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }),
);

/**
 * The refusal a shopper (or a member moving an order) reads for a full day; `branch` null: every
 * branch is full (the cart, before the shopper says where it goes).
 * @example fullyBookedMessage('2027-02-14', 'lagos') // 'Sunday 14 February is fully booked in Lagos: please choose another day'
 */
export function fullyBookedMessage(day: string, branch: CapacityBranch | null, reader: 'shopper' | 'staff' = 'shopper'): string {
  const at = new Date(`${day}T12:00:00Z`);
  const when = Number.isNaN(at.getTime()) ? day : dayText().format(at).replace(',', '');
  const where = branch ? BRANCH_NAMES[branch] : CAPACITY_BRANCHES.map((b) => BRANCH_NAMES[b]).join(' and ');
  // Staff may raise the day's limit themselves; shoppers can only pick another day.
  const next = reader === 'staff' ? "raise the day's limit under Settings › Capacity, or choose another day" : 'please choose another day';
  return `${when} is fully booked in ${where}: ${next}`;
}

/**
 * What is wrong with a capacity document written on `today` (YYYY-MM-DD in Lagos), in words, or
 * null: limits are whole numbers from 0 (closed) to MAX_DAILY_CAPACITY, days are real days from
 * today on, each listed once, with a limit for at least one branch.
 * @example capacityProblem({ defaults: { lagos: -1, abuja: null }, days: [] }, '2027-03-02') // 'Lagos: the daily limit must be a whole number from 0 to 10,000 (empty for no limit)'
 */
export function capacityProblem(settings: CapacitySettings, today: string): string | null {
  const badLimit = (n: number | null) => n !== null && (!Number.isInteger(n) || n < 0 || n > MAX_DAILY_CAPACITY);
  const limitWords = `must be a whole number from 0 to ${MAX_DAILY_CAPACITY.toLocaleString('en-GB')}`;
  for (const branch of CAPACITY_BRANCHES) {
    if (badLimit(settings.defaults[branch])) return `${BRANCH_NAMES[branch]}: the daily limit ${limitWords} (empty for no limit)`;
  }
  const seen = new Set<string>();
  for (const entry of settings.days) {
    if (!isRealDay(entry.day)) return `${entry.day || 'A day'}: not a day written YYYY-MM-DD`;
    if (entry.day < today) return `${entry.day}: the day has passed`;
    if (seen.has(entry.day)) return `${entry.day}: the day is listed twice`;
    seen.add(entry.day);
    for (const branch of CAPACITY_BRANCHES) {
      if (badLimit(entry[branch])) return `${entry.day}: the ${BRANCH_NAMES[branch]} limit ${limitWords}`;
    }
    if (entry.lagos === null && entry.abuja === null) return `${entry.day}: give a limit for Lagos, Abuja or both`;
  }
  return null;
}

function isRealDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const at = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

/**
 * The document as stored: days in order and those before `today` dropped (they no longer matter).
 * @example tidyCapacity({ defaults, days: [{ day: '2027-03-05', … }, { day: '2027-03-01', … }] }, '2027-03-02').days.map((d) => d.day) // ['2027-03-05']
 */
export function tidyCapacity(settings: CapacitySettings, today: string): CapacitySettings {
  const days = settings.days.filter((d) => d.day >= today).sort((a, b) => a.day.localeCompare(b.day));
  return {
    defaults: { ...settings.defaults },
    days: days.map((d) => ({ ...d })),
  };
}

/** The calendar's answer (GET /v1/delivery/calendar): the days each branch cannot take more orders for. */
export type DeliveryCalendar = {
  /** The shop's today (YYYY-MM-DD in Lagos) the answer was made on. */
  today: string;
  /** The last day the answer covers. */
  until: string;
  full: Record<CapacityBranch, string[]>;
};

/**
 * Why a day cannot be chosen in a picker for `branch` (null: either branch, the cart before the
 * shopper says where it goes), or null when it can. Without a branch a day is refused only when
 * every branch is full; a day full in one branch is named by `partlyFull` instead.
 * @example fullReason(calendar, '2027-03-05', 'lagos') // 'Fully booked'
 */
export function fullReason(calendar: DeliveryCalendar | null, day: string, branch: CapacityBranch | null): string | null {
  if (!calendar) return null;
  const full = branch ? calendar.full[branch].includes(day) : CAPACITY_BRANCHES.every((b) => calendar.full[b].includes(day));
  return full ? FULLY_BOOKED : null;
}

/**
 * For the cart's picker: the branches a day is full in when some but not all are.
 * @example partlyFull(calendar, '2027-03-05') // 'Fully booked in Abuja'
 */
export function partlyFull(calendar: DeliveryCalendar | null, day: string): string | null {
  if (!calendar) return null;
  const full = CAPACITY_BRANCHES.filter((b) => calendar.full[b].includes(day));
  return full.length > 0 && full.length < CAPACITY_BRANCHES.length ? `${FULLY_BOOKED} in ${full.map((b) => BRANCH_NAMES[b]).join(' and ')}` : null;
}
