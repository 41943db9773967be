/**
 * The back office's shop settings (issue 14): the alert texts, the naira rates of the dollar and
 * the pound, and the delivery settings (zones, fees, threshold, cut-off, peak-date configs).
 * Managers read them all at once and write one document at a time. A write runs in one
 * transaction (the row locked, the change, a `content_audit` line with the document or rate before
 * and after), then `contentChanged()` after the commit, so that the next handshake and page,
 * here and on the other instances, show it (lib/server/live/content.ts). A write that changes
 * nothing writes nothing.
 *
 * Orders keep what they were made with: an order stores its currency's rate when it is created
 * (its amounts in that currency follow it, never a later rate), and its delivery fee is worked out
 * again from the settings of its delivery day only when its cart or delivery changes
 * (`recomputeTotals`). Zone keys travel with orders, so a key that any order carries is never
 * removed or moved to another state (409); its label, areas, fee and free-delivery choice change
 * freely, and new zones may be added.
 *
 * @example
 * await changeRates(db, member, { USD: 1500, GBP: 1900, confirmLargeChange: true }, now());
 */
import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { getDatabase, type Db } from '@/lib/server/db/client';
import { currencies, orders, settings } from '@/lib/server/db/schema';
import { BadRequestError, HttpError } from '@/lib/server/http/errors';
import { contentChanged } from '@/lib/server/live/content';
import { readSettings, SETTINGS_KEYS } from '@/lib/server/services/settings';
import { recordContentChange } from '@/lib/server/services/backoffice/content-audit';
import { alertSettingsSchema, deliverySettingsSchema, type AlertSettings, type DeliverySettings } from '@/lib/contracts/settings';
import {
  deliveryRuleProblem,
  LARGE_RATE_MOVE,
  largeMoveText,
  rateMove,
  RATED_CURRENCIES,
  type AdminRate,
  type AdminSettings,
  type alertsBody,
  type deliveryBody,
  type ratesBody,
} from '@/lib/contracts/settings-admin';
import { SEED_ALERT_SETTINGS, SEED_DELIVERY_SETTINGS } from '@/lib/samples/settings';

type Actor = { id: string; address?: string };
type DocumentKey = (typeof SETTINGS_KEYS)[keyof typeof SETTINGS_KEYS];

const lagosTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The zone keys orders carry, among `keys` (all of them when absent). */
async function zonesUsed(db: Db, keys?: string[]): Promise<string[]> {
  if (keys && keys.length === 0) return [];
  const rows = await db
    .selectDistinct({ zone: orders.zone })
    .from(orders)
    .where(keys ? inArray(orders.zone, keys) : isNotNull(orders.zone));
  return rows.flatMap((r) => (r.zone ? [r.zone] : [])).sort();
}

async function rates(db: Db): Promise<AdminRate[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.sortOrder));
  return rows.map((r) => ({ name: r.name, sign: r.sign, conversionRate: r.conversionRate, updatedAt: r.updatedAt.toISOString() }));
}

/** Everything the settings pages show: both documents with the time each last changed, the rates, the zones in use. */
export async function adminSettings(db: Db): Promise<AdminSettings> {
  const [documents, times, rateRows, zonesInUse] = await Promise.all([
    readSettings(db),
    db.select({ key: settings.key, updatedAt: settings.updatedAt }).from(settings).where(inArray(settings.key, [SETTINGS_KEYS.alerts, SETTINGS_KEYS.delivery])),
    rates(db),
    zonesUsed(db),
  ]);
  const timeOf = (key: DocumentKey) => times.find((t) => t.key === key)?.updatedAt.toISOString() ?? null;
  return {
    alerts: documents.alerts,
    alertsUpdatedAt: timeOf(SETTINGS_KEYS.alerts),
    delivery: documents.delivery,
    deliveryUpdatedAt: timeOf(SETTINGS_KEYS.delivery),
    rates: rateRows,
    zonesInUse,
  };
}

/**
 * Locks a settings document's row and answers what it holds (the sample stands in for a missing
 * or unreadable one, as the handshake does). `basedOn`, when given, must be the time it last
 * changed: otherwise someone saved it since the page read it (409, nothing written).
 */
async function lockedDocument<T>(tx: Db, key: DocumentKey, schema: z.ZodType<T>, fallback: T, basedOn: string | undefined, what: string): Promise<T> {
  const [row] = await tx.select().from(settings).where(eq(settings.key, key)).for('update');
  if (basedOn && row && row.updatedAt.getTime() !== new Date(basedOn).getTime()) {
    throw new HttpError(409, `Someone changed the ${what} at ${lagosTime.format(row.updatedAt)} (Lagos) since you opened them. Reload the page to see their change, then make yours again.`);
  }
  const stored = schema.safeParse(row?.value);
  return stored.success ? stored.data : fallback;
}

/** Writes a document and its audit line, in the caller's transaction. */
async function writeDocument(tx: Db, key: DocumentKey, before: object, after: object, actor: Actor, at: Date): Promise<void> {
  await tx
    .insert(settings)
    .values({ key, value: after, updatedAt: at })
    .onConflictDoUpdate({ target: settings.key, set: { value: after, updatedAt: at } });
  await recordContentChange(tx, { entity: 'settings', entityId: key, action: 'updated', before: { ...before }, after: { ...after }, actor }, at);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export type AlertsResult = { alerts: AlertSettings; updatedAt: string | null; changed: boolean };

/** Replaces the alert texts (banner, payment alerts, product notes); 409 when changed since `basedOn`. */
export async function changeAlerts(db: Db, actor: Actor, next: z.output<typeof alertsBody>, basedOn: string | undefined, at: Date): Promise<AlertsResult> {
  const changed = await db.transaction(async (tx) => {
    const before = await lockedDocument(tx, SETTINGS_KEYS.alerts, alertSettingsSchema, SEED_ALERT_SETTINGS, basedOn, 'alerts');
    if (same(before, next)) return false;
    await writeDocument(tx, SETTINGS_KEYS.alerts, before, next, actor, at);
    return true;
  });
  if (changed) await contentChanged(await getDatabase());
  const current = await adminSettings(db);
  return { alerts: current.alerts, updatedAt: current.alertsUpdatedAt, changed };
}

export type RatesResult = { rates: AdminRate[]; changed: boolean };

/**
 * Sets the naira per dollar and per pound (NGN stays 1). A rate that moves by more than 20% is
 * refused (409, naming the move) unless the body confirms it. Each rate that changes gets its
 * time of change and its own audit line ('currency', 'USD').
 */
export async function changeRates(db: Db, actor: Actor, body: z.output<typeof ratesBody>, at: Date): Promise<RatesResult> {
  const changed = await db.transaction(async (tx) => {
    const rows = await tx.select().from(currencies).where(inArray(currencies.name, [...RATED_CURRENCIES])).for('update');
    let any = false;
    for (const code of RATED_CURRENCIES) {
      const row = rows.find((r) => r.name === code);
      if (!row) throw new Error(`The currencies table has no ${code}`);
      const next = body[code];
      if (row.conversionRate === next) continue;
      if (rateMove(row.conversionRate, next) > LARGE_RATE_MOVE && body.confirmLargeChange !== true) {
        throw new HttpError(409, `${largeMoveText(code, row.conversionRate, next)}: more than ${LARGE_RATE_MOVE * 100}%. Check the rate, then confirm the change.`);
      }
      await tx.update(currencies).set({ conversionRate: next, updatedAt: at }).where(eq(currencies.name, code));
      await recordContentChange(
        tx,
        { entity: 'currency', entityId: code, action: 'updated', before: { conversionRate: row.conversionRate, updatedAt: row.updatedAt.toISOString() }, after: { conversionRate: next }, actor },
        at,
      );
      any = true;
    }
    return any;
  });
  if (changed) await contentChanged(await getDatabase());
  return { rates: await rates(db), changed };
}

/** Where each zone key of a config lives: key → state. */
function zoneStates(config: DeliverySettings['baseConfig']): Map<string, { state: string; label: string; stateLabel: string }> {
  const where = new Map<string, { state: string; label: string; stateLabel: string }>();
  for (const state of config.stateDeliveryZones) {
    for (const zone of state.zones) where.set(zone.name, { state: state.state, label: zone.label, stateLabel: state.label });
  }
  return where;
}

export type DeliveryResult = { delivery: DeliverySettings; updatedAt: string | null; changed: boolean };

/**
 * Replaces the delivery settings. 400 naming the place in words when the document breaks a rule of
 * `deliveryRuleProblem` or moves a zone key to another state; 409 when it removes a zone that
 * orders carry, or when the settings changed since `basedOn`.
 */
export async function changeDelivery(db: Db, actor: Actor, next: z.output<typeof deliveryBody>, basedOn: string | undefined, at: Date): Promise<DeliveryResult> {
  const problem = deliveryRuleProblem(next);
  if (problem) throw new BadRequestError(problem);
  // What the handshake will read back must pass its own schema too.
  if (!deliverySettingsSchema.safeParse(next).success) throw new BadRequestError('The delivery settings do not have the shape the shop reads');

  const changed = await db.transaction(async (tx) => {
    const before = await lockedDocument(tx, SETTINGS_KEYS.delivery, deliverySettingsSchema, SEED_DELIVERY_SETTINGS, basedOn, 'delivery settings');
    if (same(before, next)) return false;

    const was = zoneStates(before.baseConfig);
    const now = zoneStates(next.baseConfig);
    const removed: string[] = [];
    for (const [key, old] of was) {
      const kept = now.get(key);
      if (!kept) removed.push(key);
      else if (kept.state !== old.state) {
        throw new BadRequestError(`${next.baseConfig.name}: the zone ${kept.label} (${key}) belongs to ${old.stateLabel} and cannot move to ${kept.stateLabel}; add a new zone there instead`);
      }
    }
    const used = await zonesUsed(tx, removed);
    if (used.length > 0) {
      const names = used.map((key) => `${was.get(key)!.label} (${key})`).join(', ');
      throw new HttpError(409, `${next.baseConfig.name}: ${names} cannot be removed: orders were placed for ${used.length === 1 ? 'it' : 'them'}. Change the fee or label instead.`);
    }
    await writeDocument(tx, SETTINGS_KEYS.delivery, before, next, actor, at);
    return true;
  });
  if (changed) await contentChanged(await getDatabase());
  const current = await adminSettings(db);
  return { delivery: current.delivery, updatedAt: current.deliveryUpdatedAt, changed };
}
