/**
 * Sample coupons written by the seed (staff add real ones in the `coupons` table). Dates are
 * instants; VALENTINE15's window is the coming 1-15 February in Lagos (UTC+1), fixed when the
 * seed first runs, since a yearly window is not something a coupon row can say.
 */
import type { coupons } from '@/lib/server/db/schema';

type CouponInsert = typeof coupons.$inferInsert;

/**
 * The coming 1-15 February in Lagos as [start, end) instants: this year's while it has not
 * ended yet, otherwise next year's.
 * @example valentineWindow(new Date('2026-11-21T12:00:00Z')) // [2027-01-31T23:00Z, 2027-02-15T23:00Z)
 */
export function valentineWindow(now: Date): { startsAt: Date; endsAt: Date } {
  const window = (year: number) => ({ startsAt: new Date(Date.UTC(year, 1, 1) - 3_600_000), endsAt: new Date(Date.UTC(year, 1, 16) - 3_600_000) });
  const thisYear = window(now.getUTCFullYear());
  return now < thisYear.endsAt ? thisYear : window(now.getUTCFullYear() + 1);
}

/** The sample coupons, as of `now`. */
export function seedCoupons(now: Date): CouponInsert[] {
  return [
    { code: 'WELCOME10', description: '10% off any order', kind: 'percent', amount: 10, minAmount: 0, usageLimit: null },
    { code: 'FLOWERS5000', description: '₦5,000 off orders from ₦40,000', kind: 'fixed', amount: 5000, minAmount: 40_000, usageLimit: null },
    { code: 'VALENTINE15', description: "15% off over Valentine's, 1-15 February", kind: 'percent', amount: 15, minAmount: 0, usageLimit: null, ...valentineWindow(now) },
    { code: 'ONCE20', description: '20% off, for one order only', kind: 'percent', amount: 20, minAmount: 0, usageLimit: 1 },
  ];
}
