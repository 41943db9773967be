/**
 * The handshake (GET /v1/regal/handshake) and the settings documents it carries: delivery
 * settings (a base config and dated override configs), alert settings, and the shop's public
 * information (branches and payment details: the stored 'shop' settings document, the
 * environment's values until a manager first saves it; lib/contracts/shop-details.ts).
 */
import { z } from 'zod';
import type { DeliveryConfig, DeliverySettings, DeliveryZone, StateDeliveryZones } from '@/lib/domain/delivery';
import { userRecordSchema } from '@/lib/contracts/auth';
import { envelope } from '@/lib/contracts/envelope';
import type { SameShape } from '@/lib/contracts/same-shape';

/** The delivery settings' types are the domain's (lib/domain/delivery.ts); the schemas below are checked against them. */
export type { DeliveryConfig, DeliverySettings, DeliveryZone, StateDeliveryZones };

export const deliveryZoneSchema = z.object({
  /** Stable key sent with orders, e.g. 'lagos-central'. */
  name: z.string(),
  label: z.string(),
  areas: z.array(z.string()),
  /** Fee in naira. */
  amount: z.number().int().min(0),
  /** Whether the free-delivery threshold applies to this zone. */
  freeAboveThreshold: z.boolean(),
}) satisfies z.ZodType<DeliveryZone>;

export const stateDeliveryZonesSchema = z.object({
  /** lagos, abuja or other-locations (spec section 9). */
  state: z.enum(['lagos', 'abuja', 'other-locations']),
  label: z.string(),
  /** Empty for other-locations: quoted by staff case by case. */
  zones: z.array(deliveryZoneSchema),
}) satisfies z.ZodType<StateDeliveryZones>;

export const infoTextConfigSchema = z.object({ state: z.string().optional(), text: z.string() });

export const deliveryConfigSchema = z.object({
  name: z.string(),
  description: z.string(),
  type: z.enum(['base', 'override']),
  infoTextConfigs: z.array(infoTextConfigSchema),
  /** Smallest order subtotal in naira that may be delivered. */
  minAmount: z.number().int().min(0),
  minAmountInfoText: z.string(),
  /** Subtotal in naira above which zones marked `freeAboveThreshold` deliver free. */
  freeDeliveryThreshold: z.number().int().min(0),
  stateDeliveryZones: z.array(stateDeliveryZonesSchema),
  active: z.boolean(),
  /** Override configs only: the calendar days (MM-DD) they apply to. */
  dates: z.array(z.string().regex(/^\d{2}-\d{2}$/)).optional(),
}) satisfies z.ZodType<DeliveryConfig>;

export const deliverySettingsSchema = z.object({
  baseConfig: deliveryConfigSchema,
  overrideConfigs: z.array(deliveryConfigSchema),
  /** Latest hour (0-23, Africa/Lagos) at which a same-day delivery can still be ordered. */
  sameDayCutoffHour: z.number().int().min(0).max(23),
}) satisfies z.ZodType<DeliverySettings>;
const _deliverySettings: SameShape<z.output<typeof deliverySettingsSchema>, DeliverySettings> = true;

export const paymentAlertSchema = z.object({ paymentMethod: z.string(), message: z.string() });

export const alertSettingsSchema = z.object({
  /** Banner text; `{{n}}` is an amount in naira, shown converted to the shopper's currency. */
  siteWideAlert: z.string(),
  paymentAlerts: z.array(paymentAlertSchema),
  /** Short notes shown on product pages (includeAlerts=true). */
  productAlerts: z.array(z.string()),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const branchSchema = z.object({
  key: z.enum(['lagos', 'abuja']),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  mapUrl: z.string(),
  hours: z.string(),
});
export type BranchInfo = z.infer<typeof branchSchema>;

export const shopInfoSchema = z.object({
  brandName: z.string(),
  contactEmail: z.string(),
  branches: z.array(branchSchema),
  paymentInfo: z.object({
    bankName: z.string(),
    bankAccountName: z.string(),
    bankAccountNumber: z.string(),
    walletEmail: z.string(),
    bitcoinAddress: z.string(),
  }),
  /** Pickup points (codes LPI, LPL, APA) with their street addresses. */
  pickupLocations: z.array(z.object({ code: z.string(), name: z.string(), state: z.string(), branch: z.string(), address: z.string() })),
});
export type ShopInfo = z.infer<typeof shopInfoSchema>;

export const featuredGroupSchema = z.object({ key: z.string(), title: z.string(), featuredSlugs: z.array(z.string()) });
export type FeaturedGroup = z.infer<typeof featuredGroupSchema>;

export const currencySchema = z.object({
  name: z.enum(['NGN', 'USD', 'GBP']),
  conversionRate: z.number().positive(),
  sign: z.string(),
});

export const handshakeSchema = z.object({
  /** The user record for a valid bearer token; null for a guest or a dead token. */
  user: userRecordSchema.nullable(),
  currencies: z.array(currencySchema),
  /** Today's delivery fee in naira per zone key (peak-date overrides applied, Africa/Lagos). */
  deliveryZoneAmount: z.record(z.string(), z.number().int()),
  settings: z.object({
    deliverySettings: deliverySettingsSchema,
    alertSettings: alertSettingsSchema,
    shopInfo: shopInfoSchema,
    /** Featured-product groups (birthday, gift, product, romance, occasion, valentine): fetch them by slug. */
    featuredGroups: z.array(featuredGroupSchema),
  }),
});
export type Handshake = z.infer<typeof handshakeSchema>;
export const handshakeResponse = envelope(handshakeSchema);
