/**
 * The back office's settings calls (issue 14): what managers read (`GET /admin/api/settings`) and
 * the three writes, each a whole document: the alert texts (`PUT /admin/api/settings/alerts`), the
 * naira rates of the dollar and the pound (`PUT /admin/api/settings/rates`) and the delivery
 * settings (`PUT /admin/api/settings/delivery`). Shared by the routes, the service and the
 * browser's client (lib/api/staff.ts).
 *
 * A refused document is a 400 whose message names the place in words a manager recognises,
 * e.g. 'Valentine peak: Lagos central fee must be a whole number of naira', never a path of
 * indexes: the schemas below are wrapped by `worded()`, which turns the first issue's path into
 * those words from the document itself (its configs', states' and zones' names).
 *
 * The delivery document must also be consistent with how checkout prices a delivery
 * (lib/domain/checkout.ts `deliveryFee`, which looks the order's zone key up in the config of the
 * delivery day): the standard config has Lagos, Abuja and other states, Lagos and Abuja have
 * zones and other states none (quoted by staff), zone keys are unique, every peak config prices
 * exactly the standard zones, and no calendar day belongs to two active peak configs.
 * `deliveryRuleProblem()` checks that; the service adds the rule that needs the orders (a zone key
 * that orders carry stays).
 */
import { z } from 'zod';
import { singleLine, strictObject } from '@/lib/contracts/text';
import type { AlertSettings, DeliveryConfig, DeliverySettings } from '@/lib/contracts/settings';
import { methodLabel, PAYMENT_METHOD_KEYS, PAYMENT_METHODS } from '@/lib/domain/checkout';
import { formatNaira } from '@/lib/domain/money';

// ---------------------------------------------------------------------------------------------
// Turning a schema's first issue into words

type Path = readonly PropertyKey[];

/** `raw[key]` when `raw` is an object or array, else undefined: the document as sent may be anything. */
function child(raw: unknown, key: PropertyKey | undefined): unknown {
  if (key === undefined || typeof raw !== 'object' || raw === null) return undefined;
  return (raw as Record<PropertyKey, unknown>)[key];
}

/** A text the sender wrote (a config's or zone's name), if it is one worth quoting. */
function named(raw: unknown): string | undefined {
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim().slice(0, 80) : undefined;
}

/** One issue as a sentence: where (in words), then what is wrong. */
function sentence(issue: z.core.$ZodIssue, where: string): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    return `${where}: ${keys} ${issue.keys.length === 1 ? 'is not a field' : 'are not fields'} of this call`;
  }
  // zod 4 leaves `input` out of issues; its default message says what it received.
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return `${where} is required`;
  // Messages of the shared text rules start with the dotted path ('areas.0 must not contain…').
  const dotted = issue.path.map(String).join('.');
  const message = dotted && issue.message.startsWith(`${dotted} `) ? issue.message.slice(dotted.length + 1) : issue.message;
  return `${where} ${message}`;
}

/**
 * A schema whose refusal is one issue with the message in words (`where` names the first issue's
 * path from the raw document), so that the route's 400 reads as a sentence.
 * @example worded(ratesDocument, () => 'Rates').safeParse({}).error.issues[0].message // 'USD is required'
 */
export function worded<T extends z.ZodType>(schema: T, where: (raw: unknown, path: Path) => string) {
  return z.unknown().transform((raw, ctx): z.output<T> => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    ctx.issues.push({ code: 'custom', message: sentence(issue, where(raw, issue.path)), input: raw });
    return z.NEVER;
  });
}

const trueOrFalse = z.boolean({ message: 'must be true or false' });

// ---------------------------------------------------------------------------------------------
// Alerts

/** `{{100000}}`: an amount in naira that shoppers see in their currency (lib/domain/money.ts `fillAmounts`). */
const PLACEHOLDER = /\{\{\s*\d{1,9}\s*\}\}/g;

/** A text whose `{{` … `}}` are all amounts: what is left once they are taken out has no braces pair. */
const amountsWritten = (text: string) => !/\{\{|\}\}/.test(text.replace(PLACEHOLDER, ''));
const AMOUNT_HINT = 'must write amounts as a number of naira between double braces, e.g. {{100000}}';

/** The alert settings as managers send them (`PUT /admin/api/settings/alerts`): the whole document. */
export const alertsDocument = strictObject({
  /** The storefront's banner; empty hides it. */
  siteWideAlert: singleLine(400).refine(amountsWritten, AMOUNT_HINT),
  paymentAlerts: z
    .array(
      strictObject({
        paymentMethod: z.enum(PAYMENT_METHOD_KEYS, { message: `must be one of ${PAYMENT_METHOD_KEYS.join(', ')}` }),
        message: singleLine(400).min(1, 'must not be empty (leave the method out instead)').refine(amountsWritten, AMOUNT_HINT),
      }),
    )
    .max(PAYMENT_METHODS.length, `must list at most ${PAYMENT_METHODS.length} alerts`)
    .refine((alerts) => new Set(alerts.map((a) => a.paymentMethod)).size === alerts.length, 'must list each payment method once'),
  productAlerts: z
    .array(singleLine(200).min(1, 'must not be empty').refine(amountsWritten, AMOUNT_HINT))
    .max(10, 'must list at most 10 notes'),
}) satisfies z.ZodType<AlertSettings>;
/** The alerts write's body: the document as the settings read answers it. */
export type AlertsDocument = AlertSettings;

/** Where in the alerts document, in words. */
function alertsWhere(raw: unknown, path: Path): string {
  const [field, index, leaf] = path;
  if (field === 'siteWideAlert') return 'Site-wide alert';
  if (field === 'paymentAlerts') {
    if (typeof index !== 'number') return 'Payment alerts';
    const method = child(child(child(raw, 'paymentAlerts'), index), 'paymentMethod');
    if (leaf === 'paymentMethod' || typeof method !== 'string') return `Payment alert ${index + 1}${leaf === 'paymentMethod' ? ': payment method' : ''}`;
    return `Payment alert for ${methodLabel(method)}`;
  }
  if (field === 'productAlerts') return typeof index === 'number' ? `Product alert ${index + 1}` : 'Product alerts';
  return 'The alert settings';
}

export const alertsBody = worded(alertsDocument, alertsWhere);

// ---------------------------------------------------------------------------------------------
// Rates

/** The range a rate (naira per dollar or pound) must lie in: a guard against typos, broad on purpose. */
export const RATE_RANGE = { min: 100, max: 20_000 } as const;
/** A move larger than this share of the current rate needs `confirmLargeChange`. */
export const LARGE_RATE_MOVE = 0.2;

const RATE_WORDS = { USD: 'US dollar', GBP: 'British pound' } as const;
export type RatedCurrency = keyof typeof RATE_WORDS;
export const RATED_CURRENCIES = ['USD', 'GBP'] as const satisfies readonly RatedCurrency[];

function rate(code: RatedCurrency) {
  const whole = `${code}: the naira per ${RATE_WORDS[code]} must be a whole number, e.g. 1500`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? `${code} is required: the naira per ${RATE_WORDS[code]}` : whole) })
    .int(whole)
    .min(RATE_RANGE.min, `${code}: the naira per ${RATE_WORDS[code]} must be at least ${formatNaira(RATE_RANGE.min)}`)
    .max(RATE_RANGE.max, `${code}: the naira per ${RATE_WORDS[code]} must be at most ${formatNaira(RATE_RANGE.max)}`);
}

/**
 * `PUT /admin/api/settings/rates {USD, GBP}`: naira per unit (NGN's rate stays 1). A rate that
 * moves by more than 20% is refused (409) unless `confirmLargeChange` is true.
 */
export const ratesBody = strictObject({
  USD: rate('USD'),
  GBP: rate('GBP'),
  confirmLargeChange: z.boolean({ message: 'confirmLargeChange must be true or false' }).optional(),
});
export type RatesBody = z.input<typeof ratesBody>;

/**
 * How far a rate moves, as a share of the current one (0.25 is 25% up or down).
 * @example rateMove(700, 1500) // 1.142857…
 */
export function rateMove(current: number, next: number): number {
  return current > 0 ? Math.abs(next - current) / current : 1;
}

/**
 * The words of a large move, for the confirmation in the page and the 409 alike.
 * @example largeMoveText('USD', 700, 1500) // 'The US dollar moves from ₦700 to ₦1,500 (up 114%)'
 */
export function largeMoveText(code: RatedCurrency, current: number, next: number): string {
  const percent = Math.round(rateMove(current, next) * 100);
  return `The ${RATE_WORDS[code]} moves from ${formatNaira(current)} to ${formatNaira(next)} (${next > current ? 'up' : 'down'} ${percent}%)`;
}

// ---------------------------------------------------------------------------------------------
// Delivery

/** The largest fee a zone may have, in naira (a typo guard). */
export const MAX_DELIVERY_FEE = 1_000_000;
/** The largest threshold or smallest-order amount, in naira. */
export const MAX_SETTINGS_AMOUNT = 100_000_000;

export const DELIVERY_STATES = ['lagos', 'abuja', 'other-locations'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
const STATE_WORDS: Record<DeliveryState, string> = { lagos: 'Lagos', abuja: 'Abuja', 'other-locations': 'Other states' };
/** States whose deliveries are priced by zone (other states are quoted by staff). */
export const ZONED_STATES = ['lagos', 'abuja'] as const satisfies readonly DeliveryState[];

/** A zone key: lower-case words joined by hyphens ('lagos-central'), sent with every order. */
export const ZONE_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const nairaAmount = (max: number) =>
  z
    .number({ message: 'must be a whole number of naira' })
    .int('must be a whole number of naira')
    .min(0, 'must not be below ₦0')
    .max(max, `must be at most ${formatNaira(max)}`);

const zoneDocument = strictObject({
  name: singleLine(40).regex(ZONE_KEY, 'must be lower-case letters and digits joined by hyphens, e.g. lagos-island'),
  label: singleLine(100).min(1, 'must not be empty'),
  areas: z.array(singleLine(60).min(1, 'must not be empty')).max(60, 'must list at most 60 areas'),
  amount: nairaAmount(MAX_DELIVERY_FEE),
  freeAboveThreshold: trueOrFalse,
});

const stateDocument = strictObject({
  state: z.enum(DELIVERY_STATES, { message: `must be one of ${DELIVERY_STATES.join(', ')}` }),
  label: singleLine(100).min(1, 'must not be empty'),
  zones: z.array(zoneDocument).max(20, 'must list at most 20 zones'),
});

const configDocument = strictObject({
  name: singleLine(80).min(1, 'must not be empty'),
  description: singleLine(300),
  type: z.enum(['base', 'override'], { message: 'must be base or override' }),
  infoTextConfigs: z
    .array(strictObject({ state: z.enum(DELIVERY_STATES, { message: `must be one of ${DELIVERY_STATES.join(', ')}` }).optional(), text: singleLine(500) }))
    .max(10, 'must list at most 10 texts'),
  minAmount: nairaAmount(MAX_SETTINGS_AMOUNT),
  minAmountInfoText: singleLine(300).refine(amountsWritten, AMOUNT_HINT),
  freeDeliveryThreshold: nairaAmount(MAX_SETTINGS_AMOUNT),
  stateDeliveryZones: z.array(stateDocument).max(10, 'must list at most 10 states'),
  active: trueOrFalse,
  dates: z.array(z.string({ message: 'must be a day written MM-DD, e.g. 02-14' }).regex(/^\d{2}-\d{2}$/, 'must be a day written MM-DD, e.g. 02-14')).max(366, 'must list at most 366 days').optional(),
}) satisfies z.ZodType<DeliveryConfig>;

/** The delivery settings as managers send them (`PUT /admin/api/settings/delivery`): the whole document. */
export const deliveryDocument = strictObject({
  baseConfig: configDocument,
  overrideConfigs: z.array(configDocument).max(30, 'must list at most 30 peak configs'),
  sameDayCutoffHour: z
    .number({ message: 'must be a whole hour from 0 to 23' })
    .int('must be a whole hour from 0 to 23')
    .min(0, 'must be a whole hour from 0 to 23')
    .max(23, 'must be a whole hour from 0 to 23'),
}) satisfies z.ZodType<DeliverySettings>;
/** The delivery write's body: the document as the settings read answers it. */
export type DeliveryDocument = DeliverySettings;

const ZONE_FIELD_WORDS: Record<string, string> = { name: 'key', label: 'label', areas: 'areas', amount: 'fee', freeAboveThreshold: 'free-delivery choice' };
const CONFIG_FIELD_WORDS: Record<string, string> = {
  name: 'name',
  description: 'description',
  type: 'type',
  minAmount: 'smallest order',
  minAmountInfoText: 'note on the smallest order',
  freeDeliveryThreshold: 'free-delivery threshold',
  active: 'on/off',
  dates: 'dates',
  infoTextConfigs: 'info texts',
  stateDeliveryZones: 'states',
};

const stateWords = (state: unknown): string | undefined => (typeof state === 'string' && state in STATE_WORDS ? STATE_WORDS[state as DeliveryState] : undefined);

/** Where inside one config, in words ('Lagos central fee'), after the config's name. */
function configWhere(config: unknown, name: string, path: Path): string {
  const [field, index, sub, zoneIndex, leaf] = path;
  if (field === undefined) return name;
  if (field === 'stateDeliveryZones' && typeof index === 'number') {
    const state = child(child(config, 'stateDeliveryZones'), index);
    const stateName = named(child(state, 'label')) ?? stateWords(child(state, 'state')) ?? `state ${index + 1}`;
    if (sub === 'zones' && typeof zoneIndex === 'number') {
      const zone = child(child(state, 'zones'), zoneIndex);
      const label = named(child(zone, 'label'));
      // 'Lagos central' names its state; 'Not sure of the address' needs it: '… (Lagos)'.
      const zoneName = label
        ? label.toLowerCase().startsWith(stateName.toLowerCase())
          ? label
          : `${label} (${stateName})`
        : (named(child(zone, 'name')) ?? `${stateName} zone ${zoneIndex + 1}`);
      const word = typeof leaf === 'string' ? (ZONE_FIELD_WORDS[leaf] ?? leaf) : undefined;
      return `${name}: ${zoneName}${word ? ` ${word}` : ''}`;
    }
    if (sub === 'zones') return `${name}: ${stateName} zones`;
    if (sub === 'label') return `${name}: ${stateName} name`;
    if (sub === 'state') return `${name}: state ${index + 1}`;
    return `${name}: ${stateName}`;
  }
  if (field === 'infoTextConfigs' && typeof index === 'number') {
    const state = stateWords(child(child(child(config, 'infoTextConfigs'), index), 'state'));
    return sub === 'state' || !state ? `${name}: info text ${index + 1}${sub === 'state' ? ' state' : ''}` : `${name}: ${state} info text`;
  }
  if (field === 'dates' && typeof index === 'number') return `${name}: date ${index + 1}`;
  return `${name}: ${typeof field === 'string' ? (CONFIG_FIELD_WORDS[field] ?? field) : String(field)}`;
}

/** Where in the delivery document, in words. */
function deliveryWhere(raw: unknown, path: Path): string {
  const [top, index, ...rest] = path;
  if (top === 'sameDayCutoffHour') return 'Same-day cut-off hour';
  if (top === 'baseConfig') {
    const base = child(raw, 'baseConfig');
    return configWhere(base, named(child(base, 'name')) ?? 'Standard delivery', path.slice(1));
  }
  if (top === 'overrideConfigs') {
    if (typeof index !== 'number') return 'Peak dates';
    const config = child(child(raw, 'overrideConfigs'), index);
    return configWhere(config, named(child(config, 'name')) ?? `Peak dates ${index + 1}`, rest);
  }
  return 'The delivery settings';
}

export const deliveryBody = worded(deliveryDocument, deliveryWhere);

// ---------------------------------------------------------------------------------------------
// Peak dates as people read them, and the delivery document's own rules

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTH_LENGTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether MM-DD is a day of some year (29 February counts: it comes in leap years). */
export function isMonthDay(monthDay: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(monthDay);
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= MONTH_LENGTHS[month - 1]!;
}

/**
 * A recurring MM-DD day as people write it.
 * @example monthDayText('02-14') // '14 February'
 */
export function monthDayText(monthDay: string): string {
  if (!isMonthDay(monthDay)) return monthDay;
  return `${Number(monthDay.slice(3))} ${MONTH_NAMES[Number(monthDay.slice(0, 2)) - 1]}`;
}

/** A zone as the rules name it: 'Lagos outer (lagos-outer)'. */
const zoneName = (zone: { name: string; label: string }) => `${zone.label} (${zone.name})`;

/** The config's states: each of the three once, Lagos and Abuja with zones, other states without. */
function statesProblem(config: DeliveryConfig): string | null {
  const seen = new Set<string>();
  for (const state of config.stateDeliveryZones) {
    if (seen.has(state.state)) return `${config.name}: ${STATE_WORDS[state.state]} is listed twice`;
    seen.add(state.state);
  }
  for (const state of DELIVERY_STATES) {
    if (!seen.has(state)) return `${config.name}: ${STATE_WORDS[state]} is missing (every config lists Lagos, Abuja and other states)`;
  }
  for (const state of config.stateDeliveryZones) {
    const zoned = (ZONED_STATES as readonly string[]).includes(state.state);
    if (zoned && state.zones.length === 0) return `${config.name}: ${STATE_WORDS[state.state]} needs at least one zone`;
    if (!zoned && state.zones.length > 0) return `${config.name}: ${STATE_WORDS[state.state]} cannot have zones: deliveries there are quoted by our staff`;
  }
  const keys = new Set<string>();
  for (const zone of config.stateDeliveryZones.flatMap((s) => s.zones)) {
    if (keys.has(zone.name)) return `${config.name}: the zone key ${zone.name} is used twice`;
    keys.add(zone.name);
  }
  const infoStates = new Set<string>();
  for (const info of config.infoTextConfigs) {
    const key = info.state ?? '';
    if (infoStates.has(key)) return `${config.name}: ${info.state ? STATE_WORDS[info.state as DeliveryState] : 'the general'} info text is listed twice`;
    infoStates.add(key);
  }
  return null;
}

/** A peak config prices exactly the standard zones, state by state. */
function sameZonesProblem(base: DeliveryConfig, peak: DeliveryConfig): string | null {
  for (const state of base.stateDeliveryZones) {
    const own = peak.stateDeliveryZones.find((s) => s.state === state.state)!;
    const where = STATE_WORDS[state.state];
    for (const zone of state.zones) {
      if (!own.zones.some((z) => z.name === zone.name)) return `${peak.name}: ${where} has no fee for ${zoneName(zone)}; a peak config prices every standard zone`;
    }
    const extra = own.zones.find((z) => !state.zones.some((b) => b.name === z.name));
    if (extra) return `${peak.name}: ${where} has the zone ${zoneName(extra)}, which standard delivery does not have; add it there first`;
  }
  return null;
}

/**
 * The first way a (schema-valid) delivery document would not work with checkout, in words, or null.
 * @example deliveryRuleProblem({ ...settings, overrideConfigs: [{ ...peak, dates: [] }] }) // 'Valentine peak: choose at least one date'
 */
export function deliveryRuleProblem(settings: DeliverySettings): string | null {
  const { baseConfig: base, overrideConfigs: peaks } = settings;
  if (base.type !== 'base') return `${base.name}: type must be base`;
  if (!base.active) return `${base.name} cannot be switched off: it prices every day that is not a peak date`;
  if ((base.dates ?? []).length > 0) return `${base.name} has no dates: it prices every day that is not a peak date`;
  const baseProblem = statesProblem(base);
  if (baseProblem) return baseProblem;

  const names = new Set<string>([base.name.toLowerCase()]);
  const dayOwner = new Map<string, string>();
  for (const peak of peaks) {
    if (peak.type !== 'override') return `${peak.name}: type must be override`;
    if (names.has(peak.name.toLowerCase())) return `Peak dates: two configs are called ${peak.name}`;
    names.add(peak.name.toLowerCase());
    const dates = peak.dates ?? [];
    if (dates.length === 0) return `${peak.name}: choose at least one date`;
    const own = new Set<string>();
    for (const day of dates) {
      if (!isMonthDay(day)) return `${peak.name}: ${day} is not a day of the year`;
      if (own.has(day)) return `${peak.name}: ${monthDayText(day)} is listed twice`;
      own.add(day);
      const other = peak.active ? dayOwner.get(day) : undefined;
      if (other) return `${monthDayText(day)} is in both ${other} and ${peak.name}; a day can have one peak config`;
      if (peak.active) dayOwner.set(day, peak.name);
    }
    const problem = statesProblem(peak) ?? sameZonesProblem(base, peak);
    if (problem) return problem;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// What the back office reads and what the writes answer

/** A rate as the back office shows it. */
export type AdminRate = { name: 'NGN' | 'USD' | 'GBP'; sign: string; conversionRate: number; /** ISO time of the last change. */ updatedAt: string };

/** `GET /admin/api/settings`: every settings document, the rates, and the zone keys orders carry. */
export type AdminSettings = {
  alerts: AlertSettings;
  /** ISO time the alert document last changed (its seed time until then; null if never stored). */
  alertsUpdatedAt: string | null;
  delivery: DeliverySettings;
  deliveryUpdatedAt: string | null;
  rates: AdminRate[];
  /** Zone keys that orders carry: those zones cannot be removed. */
  zonesInUse: string[];
};

/**
 * `?basedOn=` on the alert and delivery writes: the `…UpdatedAt` the page read. When the document
 * changed since (another manager saved), the write is refused (409) instead of undoing theirs.
 */
export const basedOnQuery = z.object({
  basedOn: z.iso.datetime({ message: 'basedOn must be the ISO time the settings were read at', offset: true }).optional(),
});
