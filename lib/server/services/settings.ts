/**
 * Shop settings and the handshake answer: currencies, today's delivery fees, the delivery and
 * alert settings documents, and the public shop information (the brand and contact e-mail and
 * pickup addresses from configuration; the branches and payment details from the settings
 * document `shop`, with the environment's values standing in until the back office first saves it).
 */
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { currencies, featuredGroups, settings } from '@/lib/server/db/schema';
import { getConfig, type Config } from '@/lib/server/config';
import { log } from '@/lib/server/log';
import { alertSettingsSchema, deliverySettingsSchema, type AlertSettings, type DeliverySettings, type Handshake, type ShopInfo } from '@/lib/contracts/settings';
import { shopDetailsSchema, type ShopDetails } from '@/lib/contracts/shop-details';
import { deliveryConfigFor, zoneAmounts } from '@/lib/domain/delivery';
import { shopDay } from '@/lib/domain/dates';
import { SEED_ALERT_SETTINGS, SEED_DELIVERY_SETTINGS } from '@/lib/samples/settings';
import { DEFAULT_CURRENCIES } from '@/lib/domain/money';
import { PICKUP_LOCATIONS } from '@/lib/domain/checkout';
import type { UserRecord } from '@/lib/contracts/auth';

export const SETTINGS_KEYS = { delivery: 'delivery', alerts: 'alerts' } as const;

type SettingsRow = { key: string; value: unknown; updatedAt: Date };

/** The stored settings documents named by `keys`, by key. */
async function settingsRows(db: Db, keys: string[]): Promise<Map<string, SettingsRow>> {
  const rows = await db.select({ key: settings.key, value: settings.value, updatedAt: settings.updatedAt }).from(settings).where(inArray(settings.key, keys));
  return new Map(rows.map((r) => [r.key, r]));
}

/** The delivery and alert settings from their stored rows; the sample defaults stand in for a missing or invalid one. */
function deliveryAndAlerts(byKey: Map<string, SettingsRow>): { delivery: DeliverySettings; alerts: AlertSettings } {
  const delivery = deliverySettingsSchema.safeParse(byKey.get(SETTINGS_KEYS.delivery)?.value);
  const alerts = alertSettingsSchema.safeParse(byKey.get(SETTINGS_KEYS.alerts)?.value);
  if (byKey.has(SETTINGS_KEYS.delivery) && !delivery.success) log().error({ area: 'settings', key: SETTINGS_KEYS.delivery }, 'stored delivery settings are invalid; using defaults');
  if (byKey.has(SETTINGS_KEYS.alerts) && !alerts.success) log().error({ area: 'settings', key: SETTINGS_KEYS.alerts }, 'stored alert settings are invalid; using defaults');
  return {
    delivery: delivery.success ? delivery.data : SEED_DELIVERY_SETTINGS,
    alerts: alerts.success ? alerts.data : SEED_ALERT_SETTINGS,
  };
}

/** The delivery and alert settings documents; the sample defaults stand in for a missing one. */
export async function readSettings(db: Db): Promise<{ delivery: DeliverySettings; alerts: AlertSettings }> {
  return deliveryAndAlerts(await settingsRows(db, [SETTINGS_KEYS.delivery, SETTINGS_KEYS.alerts]));
}

/** The settings document that holds the branches and payment details (lib/contracts/shop-details.ts). */
export const SHOP_DETAILS_KEY = 'shop';

/**
 * The branches and payment details as the environment gives them: what the shop shows until the
 * back office first saves the `shop` document (and what the static 404 page keeps showing).
 */
export function shopDetailsFromConfig(config: Config = getConfig()): ShopDetails {
  const branch = (key: 'lagos' | 'abuja') => {
    const b = config.branches.find((candidate) => candidate.key === key)!;
    return { name: b.name, address: b.address, phone: b.phone, whatsapp: b.whatsapp, mapUrl: b.mapUrl, hours: b.hours };
  };
  const { paymentInfo, payments } = config;
  return {
    branches: { lagos: branch('lagos'), abuja: branch('abuja') },
    payment: {
      naira: { bankName: paymentInfo.bankName, accountName: paymentInfo.bankAccountName, accountNumber: paymentInfo.bankAccountNumber },
      walletEmail: paymentInfo.walletEmail,
      bitcoinAddress: paymentInfo.bitcoinAddress,
      leadBank: { ...payments.leadBank },
      natwest: { ...payments.natwest },
    },
  };
}

export type StoredShopDetails = { details: ShopDetails; stored: boolean; updatedAt: Date | null };

/**
 * The shop's branches and payment details: the stored `shop` document, or the environment's
 * values while there is none (or while the stored one is not valid, which is logged).
 */
export async function readShopDetails(db: Db): Promise<StoredShopDetails> {
  return shopDetailsOf((await settingsRows(db, [SHOP_DETAILS_KEY])).get(SHOP_DETAILS_KEY));
}

function shopDetailsOf(row: SettingsRow | undefined): StoredShopDetails {
  if (!row) return { details: shopDetailsFromConfig(), stored: false, updatedAt: null };
  const parsed = shopDetailsSchema.safeParse(row.value);
  if (!parsed.success) {
    log().error({ area: 'settings', key: SHOP_DETAILS_KEY }, "the stored shop details are invalid; using the environment's values");
    return { details: shopDetailsFromConfig(), stored: false, updatedAt: null };
  }
  return { details: parsed.data, stored: true, updatedAt: row.updatedAt };
}

/** The public shop information for the given branch and payment details (configuration adds the rest). */
export function shopInfoFrom(details: ShopDetails, config: Config = getConfig()): ShopInfo {
  const { naira, walletEmail, bitcoinAddress } = details.payment;
  return {
    brandName: config.brandName,
    contactEmail: config.contactEmail,
    branches: (['lagos', 'abuja'] as const).map((key) => ({ key, ...details.branches[key] })),
    paymentInfo: { bankName: naira.bankName, bankAccountName: naira.accountName, bankAccountNumber: naira.accountNumber, walletEmail, bitcoinAddress },
    pickupLocations: PICKUP_LOCATIONS.map((p) => ({ ...p, address: config.pickupAddresses[p.code] })),
  };
}

/**
 * The handshake answer at an instant (the delivery fees depend on the shop's day). `user` is the
 * logged-in user's record (see `currentUserRecord()` in services/accounts), null for a guest.
 */
export async function handshake(db: Db, now: Date, user: UserRecord | null = null): Promise<Handshake> {
  const [currencyRows, documents, groups] = await Promise.all([
    db.select({ name: currencies.name, conversionRate: currencies.conversionRate, sign: currencies.sign }).from(currencies).orderBy(asc(currencies.sortOrder)),
    settingsRows(db, [SETTINGS_KEYS.delivery, SETTINGS_KEYS.alerts, SHOP_DETAILS_KEY]),
    db.select({ key: featuredGroups.key, title: featuredGroups.title, featuredSlugs: featuredGroups.featuredSlugs }).from(featuredGroups).orderBy(asc(featuredGroups.key)),
  ]);
  const stored = deliveryAndAlerts(documents);
  const info = shopInfoFrom(shopDetailsOf(documents.get(SHOP_DETAILS_KEY)).details);
  return {
    user,
    currencies: currencyRows.length > 0 ? currencyRows : [...DEFAULT_CURRENCIES],
    deliveryZoneAmount: zoneAmounts(deliveryConfigFor(stored.delivery, shopDay(now))),
    settings: { deliverySettings: stored.delivery, alertSettings: stored.alerts, shopInfo: info, featuredGroups: groups },
  };
}
