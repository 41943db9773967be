/**
 * The same-day cut-off as shoppers read it on the product page and in the cart (issue 18, pure):
 * 'Order in 2 h 14 min for delivery today' until the cut-off hour in Lagos, then 'Earliest
 * delivery: tomorrow'. Kept apart from checkout.ts so that the product page's first load carries
 * only this.
 */
import { lagosSecondsOfDay, shopDay } from '@/lib/domain/lagos-clock';

export type CutoffState = { sameDay: true; minutesLeft: number } | { sameDay: false };

/**
 * Where an instant stands against the cut-off hour: before it, the minutes left (rounded up, so
 * the last seconds still read '1 min'); from it on, no same-day delivery.
 * @example cutoffState(new Date('2027-03-02T12:46:00Z'), 16) // { sameDay: true, minutesLeft: 134 } (13:46 in Lagos)
 */
export function cutoffState(at: Date, cutoffHour: number): CutoffState {
  const left = cutoffHour * 3600 - lagosSecondsOfDay(at);
  return left > 0 ? { sameDay: true, minutesLeft: Math.ceil(left / 60) } : { sameDay: false };
}

/**
 * The text shoppers read.
 * @example cutoffText(new Date('2027-03-02T12:46:00Z'), 16) // 'Order in 2 h 14 min for delivery today'
 * @example cutoffText(new Date('2027-03-02T15:00:00Z'), 16) // 'Earliest delivery: tomorrow'
 */
export function cutoffText(at: Date, cutoffHour: number): string {
  const state = cutoffState(at, cutoffHour);
  if (!state.sameDay) return 'Earliest delivery: tomorrow';
  const hours = Math.floor(state.minutesLeft / 60);
  const minutes = state.minutesLeft % 60;
  const left = hours === 0 ? `${minutes} min` : minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
  return `Order in ${left} for delivery today`;
}

/** Milliseconds from `at` to the start of the next minute: when the text can next change. */
export function msToNextMinute(at: Date): number {
  return 60_000 - (at.getTime() % 60_000);
}

/**
 * The first day a picker offers at an instant: today in Lagos before the cut-off, else tomorrow
 * (the rule of checkout.ts's `earliestDeliveryDay`; Lagos keeps no summer time, so tomorrow is
 * the day 24 hours on).
 * @example earliestDay(new Date('2027-03-02T15:30:00Z'), 16) // '2027-03-03' (16:30 in Lagos)
 */
export function earliestDay(at: Date, cutoffHour: number): string {
  return cutoffState(at, cutoffHour).sameDay ? shopDay(at) : shopDay(new Date(at.getTime() + 86_400_000));
}
