/**
 * Delivery capacity calls (issue 18): the public calendar (`GET /v1/delivery/calendar?days=`) the
 * date pickers read, and the back office's document (`GET|PUT /admin/api/settings/capacity`).
 * Shared by the routes, the services and the clients. The rules are lib/domain/capacity.ts's.
 */
import { z } from 'zod';
import { businessField, singleLine, strictObject } from '@/lib/contracts/text';
import type { SameShape } from '@/lib/contracts/same-shape';
import { MAX_DAILY_CAPACITY, type CapacitySettings, type DeliveryCalendar } from '@/lib/domain/capacity';

/** How many days ahead the calendar may be asked for (the pickers ask for two months). */
export const MAX_CALENDAR_DAYS = 120;
export const DEFAULT_CALENDAR_DAYS = 62;

export const calendarQuery = z.object({
  business: businessField,
  days: z.coerce
    .number({ message: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be 1 or more')
    .max(MAX_CALENDAR_DAYS, `days must be at most ${MAX_CALENDAR_DAYS}`)
    .default(DEFAULT_CALENDAR_DAYS),
});

export const deliveryCalendarSchema = z.object({
  today: z.string(),
  until: z.string(),
  full: z.object({ lagos: z.array(z.string()), abuja: z.array(z.string()) }),
});
const _calendar: SameShape<z.infer<typeof deliveryCalendarSchema>, DeliveryCalendar> = true;

const limit = (what: string) =>
  z
    .number({ message: `${what} must be a number (empty for no limit)` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} must be 0 or more (0: no orders that day)`)
    .max(MAX_DAILY_CAPACITY, `${what} must be at most ${MAX_DAILY_CAPACITY}`)
    .nullable();

/** The document a manager saves: the branches' daily limits and the days with their own. */
export const capacityBody = strictObject({
  defaults: strictObject({
    lagos: limit('defaults.lagos'),
    abuja: limit('defaults.abuja'),
  }),
  days: z
    .array(
      strictObject({
        day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day written YYYY-MM-DD'),
        lagos: limit('the Lagos limit'),
        abuja: limit('the Abuja limit'),
        note: singleLine(120).default(''),
      }),
    )
    .max(400, 'days: at most 400 days with their own limits'),
});
const _body: SameShape<z.output<typeof capacityBody>, CapacitySettings> = true;

/** The stored document, as read back (the same shape; a bad one falls back to no limits). */
export const capacitySettingsSchema = z.object({
  defaults: z.object({
    lagos: z.number().int().min(0).nullable(),
    abuja: z.number().int().min(0).nullable(),
  }),
  days: z.array(
    z.object({
      day: z.string(),
      lagos: z.number().int().min(0).nullable(),
      abuja: z.number().int().min(0).nullable(),
      note: z.string(),
    }),
  ),
});

/** One day's bookings against its limits, for the back office. */
export type CapacityUse = {
  day: string;
  lagos: { taken: number; limit: number | null };
  abuja: { taken: number; limit: number | null };
};

/** `GET /admin/api/settings/capacity`: the document, when it last changed, and the next days' bookings. */
export type AdminCapacity = {
  capacity: CapacitySettings;
  updatedAt: string | null;
  today: string;
  use: CapacityUse[];
};
