/**
 * The server's clock. Services take `now` as an argument; routes read it here, so that tests can
 * move time (code and token expiry, rate-limit windows, the same-day cut-off, a slot's hold):
 * API tests in-process with `advanceClock`, browser tests against `npm start` with
 * `SHOP_CLOCK_START` (an ISO instant the clock starts from at the first reading and runs on from;
 * ignored when the operator runs in production, see lib/server/operator.ts). Pages that render
 * times in the browser take the browser's clock, which Playwright's clock API sets.
 */
import { getConfig } from '@/lib/server/config';
import { isLiveProduction } from '@/lib/server/operator';

let offsetMs = 0;
/** The offset SHOP_CLOCK_START asks for, fixed at the first reading. */
let startOffsetMs: number | undefined;

function startOffset(): number {
  if (startOffsetMs === undefined) {
    const start = getConfig().clockStart;
    startOffsetMs = start && !isLiveProduction() ? start.getTime() - Date.now() : 0;
  }
  return startOffsetMs;
}

/** The current instant, shifted by the test offsets (0 outside tests). */
export function now(): Date {
  return new Date(Date.now() + startOffset() + offsetMs);
}

/** Whether SHOP_CLOCK_START moved this server's clock (start-up warns about it). */
export function clockShifted(): boolean {
  return startOffset() !== 0;
}

/** Tests only: moves the clock forward by `ms` (cumulative). */
export function advanceClock(ms: number): void {
  if (process.env.NODE_ENV === 'production') throw new Error('The clock cannot be moved in production');
  offsetMs += ms;
}

/** Tests only: back to real time. */
export function resetClock(): void {
  offsetMs = 0;
}
