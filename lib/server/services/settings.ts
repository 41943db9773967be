/**
 * Shop settings and the handshake answer: currencies, today's delivery fees, the delivery and
 * alert settings documents, and the public shop information from configuration.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { currencies, featuredGroups, settings } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { alertSettingsSchema, deliverySettingsSchema, type AlertSettings, type DeliverySettings, type Handshake, type ShopInfo } from '@/lib/contracts/settings';
import { deliveryConfigFor, zoneAmounts } from '@/lib/domain/delivery';
import { shopDay } from '@/lib/domain/dates';
import { SEED_ALERT_SETTINGS, SEED_DELIVERY_SETTINGS } from '@/lib/samples/settings';
import { DEFAULT_CURRENCIES } from '@/lib/domain/money';
import { PICKUP_LOCATIONS } from '@/lib/domain/checkout';
import type { UserRecord } from '@/lib/contracts/auth';

export const SETTINGS_KEYS = { delivery: 'delivery', alerts: 'alerts' } as const;

/** The delivery and alert settings documents; the sample defaults stand in for a missing one. */
export async function readSettings(db: Db): Promise<{ delivery: DeliverySettings; alerts: AlertSettings }> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [SETTINGS_KEYS.delivery, SETTINGS_KEYS.alerts]));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const delivery = deliverySettingsSchema.safeParse(byKey.get(SETTINGS_KEYS.delivery));
  const alerts = alertSettingsSchema.safeParse(byKey.get(SETTINGS_KEYS.alerts));
  if (byKey.has(SETTINGS_KEYS.delivery) && !delivery.success) console.error('[settings] stored delivery settings are invalid; using defaults');
  if (byKey.has(SETTINGS_KEYS.alerts) && !alerts.success) console.error('[settings] stored alert settings are invalid; using defaults');
  return {
    delivery: delivery.success ? delivery.data : SEED_DELIVERY_SETTINGS,
    alerts: alerts.success ? alerts.data : SEED_ALERT_SETTINGS,
  };
}

/** Public information about the shop: branches, contact and payment details. */
export function shopInfo(): ShopInfo {
  const config = getConfig();
  return {
    brandName: config.brandName,
    contactEmail: config.contactEmail,
    branches: config.branches,
    paymentInfo: config.paymentInfo,
    pickupLocations: PICKUP_LOCATIONS.map((p) => ({ ...p, address: config.pickupAddresses[p.code] })),
  };
}

/**
 * The handshake answer at an instant (the delivery fees depend on the shop's day). `user` is the
 * logged-in user's record (see `currentUserRecord()` in services/accounts), null for a guest.
 */
export async function handshake(db: Db, now: Date, user: UserRecord | null = null): Promise<Handshake> {
  const [currencyRows, stored, groups] = await Promise.all([
    db.select({ name: currencies.name, conversionRate: currencies.conversionRate, sign: currencies.sign }).from(currencies).orderBy(asc(currencies.sortOrder)),
    readSettings(db),
    db.select({ key: featuredGroups.key, title: featuredGroups.title, featuredSlugs: featuredGroups.featuredSlugs }).from(featuredGroups).orderBy(asc(featuredGroups.key)),
  ]);
  return {
    user,
    currencies: currencyRows.length > 0 ? currencyRows : [...DEFAULT_CURRENCIES],
    deliveryZoneAmount: zoneAmounts(deliveryConfigFor(stored.delivery, shopDay(now))),
    settings: { deliverySettings: stored.delivery, alertSettings: stored.alerts, shopInfo: shopInfo(), featuredGroups: groups },
  };
}
