/**
 * The accounts' clock. Services take `now` as an argument; routes read it here, so that tests
 * can move time forward (code and token expiry, rate-limit windows) through real HTTP calls.
 */
let offsetMs = 0;

/** The current instant, shifted by the test offset (0 outside tests). */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
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
