/**
 * Delivery settings rules: which delivery config applies on a day (a peak-date override or the
 * base config), and the fee per zone under it; and the settings' types, which the handshake's
 * schemas (lib/contracts/settings.ts) are checked against. Pure; the settings come from the database.
 */

/** A delivery zone of a state: its fee in naira under a config. */
export type DeliveryZone = {
  /** Stable key sent with orders, e.g. 'lagos-central'. */
  name: string;
  label: string;
  areas: string[];
  /** Fee in naira. */
  amount: number;
  /** Whether the free-delivery threshold applies to this zone. */
  freeAboveThreshold: boolean;
};

export type StateDeliveryZones = {
  /** lagos, abuja or other-locations (spec section 9). */
  state: 'lagos' | 'abuja' | 'other-locations';
  label: string;
  /** Empty for other-locations: quoted by staff case by case. */
  zones: DeliveryZone[];
};

/** A delivery config: the base one, or an override for peak dates. */
export type DeliveryConfig = {
  name: string;
  description: string;
  type: 'base' | 'override';
  infoTextConfigs: { state?: string; text: string }[];
  /** Smallest order subtotal in naira that may be delivered. */
  minAmount: number;
  minAmountInfoText: string;
  /** Subtotal in naira above which zones marked `freeAboveThreshold` deliver free. */
  freeDeliveryThreshold: number;
  stateDeliveryZones: StateDeliveryZones[];
  active: boolean;
  /** Override configs only: the calendar days (MM-DD) they apply to. */
  dates?: string[];
};

/** The delivery settings document (lib/contracts/settings.ts checks its schema against this type). */
export type DeliverySettings = {
  baseConfig: DeliveryConfig;
  overrideConfigs: DeliveryConfig[];
  /** Latest hour (0-23, Africa/Lagos) at which a same-day delivery can still be ordered. */
  sameDayCutoffHour: number;
};

/**
 * The config in force on a day given as YYYY-MM-DD: the first active override listing its
 * month and day, otherwise the base config.
 * @example deliveryConfigFor(settings, '2027-02-14').name // 'Valentine peak'
 */
export function deliveryConfigFor(settings: DeliverySettings, day: string): DeliveryConfig {
  const monthDay = day.slice(5, 10);
  const override = settings.overrideConfigs.find((c) => c.active && c.dates?.includes(monthDay));
  return override ?? settings.baseConfig;
}

/**
 * The fee in naira of every zone under a config, keyed by zone name.
 * @example zoneAmounts(base) // { 'lagos-central': 4500, 'lagos-outer': 10000, ... }
 */
export function zoneAmounts(config: DeliveryConfig): Record<string, number> {
  const amounts: Record<string, number> = {};
  for (const state of config.stateDeliveryZones) {
    for (const zone of state.zones) amounts[zone.name] = zone.amount;
  }
  return amounts;
}
