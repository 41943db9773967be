/**
 * Delivery settings rules: which delivery config applies on a day (a peak-date override or the
 * base config), and the fee per zone under it. Pure; the settings come from the database.
 */
import type { DeliveryConfig, DeliverySettings } from '@/lib/contracts/settings';

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
