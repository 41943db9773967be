import { route, endpoint } from '@/lib/server/http/route';
import { calendarQuery } from '@/lib/contracts/capacity';
import { now } from '@/lib/server/security/clock';
import { deliveryCalendar } from '@/lib/server/services/capacity';

/**
 * Bookings change with every checkout, not only with the settings, so shared caches keep this
 * answer 15 s rather than the catalogue's 30; the checkout refuses a full day (409) whatever a
 * stale calendar showed.
 */
const CALENDAR_CACHE = { 'Cache-Control': 'public, max-age=15, s-maxage=15' };

/**
 * GET /v1/delivery/calendar?days= (not in the spec's table): the days from today (Lagos) over the
 * next `days` (default 62, at most 120) that Lagos and Abuja are fully booked for:
 * `{ today, until, full: { lagos: [YYYY-MM-DD…], abuja: […] } }`. The date pickers disable them.
 */
export default route({
  GET: endpoint({
    query: calendarQuery,
    handle: async ({ db, query }) => ({ data: await deliveryCalendar(db, now(), query.days), headers: CALENDAR_CACHE }),
  }),
});
