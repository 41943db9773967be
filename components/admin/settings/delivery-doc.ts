/**
 * The delivery page's forms and the document they change (lib/contracts/settings.ts). Each form
 * holds text as typed (drafts); saving turns a draft back into the document and sends all of it.
 * Peak configs price the standard zones: their zones are always rebuilt from the standard ones
 * (labels, areas, free-delivery choice), keeping each peak's own fee, so that a zone added to or
 * removed from standard delivery is added to or removed from every peak config too — the rule
 * the server checks (`deliveryRuleProblem`).
 */
import type { DeliveryConfig, DeliverySettings, DeliveryZone, StateDeliveryZones } from '@/lib/contracts/settings';
import { nairaText, typedNaira } from './settings-text';

export type ZoneDraft = { key: string; isNew: boolean; label: string; areas: string; fee: string; free: boolean };
export type StateDraft = { state: StateDeliveryZones['state']; label: string; info: string; zones: ZoneDraft[] };
export type BaseDraft = { threshold: string; minAmount: string; minNote: string; states: StateDraft[] };
export type PeakDraft = { name: string; description: string; active: boolean; dates: string[]; fees: Record<string, string>; threshold: string; minAmount: string; minNote: string };

/**
 * A zone's name for people, with its state when the label does not say it.
 * @example zoneTitle('Lagos', 'Lagos central') // 'Lagos central'
 * @example zoneTitle('Abuja', 'Not sure of the address') // 'Not sure of the address (Abuja)'
 */
export function zoneTitle(stateLabel: string, zoneLabel: string): string {
  return zoneLabel.toLowerCase().startsWith(stateLabel.toLowerCase()) ? zoneLabel : `${zoneLabel} (${stateLabel})`;
}

const infoOf = (config: DeliveryConfig, state: string) => config.infoTextConfigs.find((i) => i.state === state)?.text ?? '';
const zoneDraft = (zone: DeliveryZone): ZoneDraft => ({ key: zone.name, isNew: false, label: zone.label, areas: zone.areas.join(', '), fee: nairaText(zone.amount), free: zone.freeAboveThreshold });

export function baseDraft(config: DeliveryConfig): BaseDraft {
  return {
    threshold: nairaText(config.freeDeliveryThreshold),
    minAmount: nairaText(config.minAmount),
    minNote: config.minAmountInfoText,
    states: config.stateDeliveryZones.map((s) => ({ state: s.state, label: s.label, info: infoOf(config, s.state), zones: s.zones.map(zoneDraft) })),
  };
}

/** Info texts: the drafted one per state (empty ones left out), any other kept as it was. */
function infoTexts(config: DeliveryConfig, states: StateDraft[]): DeliveryConfig['infoTextConfigs'] {
  const drafted = new Set(states.map((s) => s.state as string));
  const kept = config.infoTextConfigs.filter((i) => !i.state || !drafted.has(i.state));
  return [...kept, ...states.flatMap((s) => (s.info.trim() ? [{ state: s.state, text: s.info.trim() }] : []))];
}

/** The standard config a draft describes (numbers as typed: what is not one is sent as null, and the server names it). */
export function baseFromDraft(config: DeliveryConfig, draft: BaseDraft): DeliveryConfig {
  return {
    ...config,
    freeDeliveryThreshold: typedNaira(draft.threshold),
    minAmount: typedNaira(draft.minAmount),
    minAmountInfoText: draft.minNote.trim(),
    infoTextConfigs: infoTexts(config, draft.states),
    stateDeliveryZones: draft.states.map((s) => ({
      state: s.state,
      label: s.label,
      zones: s.zones.map((z) => ({
        name: z.key,
        label: z.label.trim(),
        areas: z.areas.split(',').map((a) => a.trim()).filter(Boolean),
        amount: typedNaira(z.fee),
        freeAboveThreshold: z.free,
      })),
    })),
  };
}

/** A peak config's zones: the standard ones, each at the peak's own fee (the standard fee for a zone it had none for). */
function peakZones(base: DeliveryConfig, fee: (zone: DeliveryZone) => number): StateDeliveryZones[] {
  return base.stateDeliveryZones.map((s) => ({ ...s, zones: s.zones.map((z) => ({ ...z, amount: fee(z) })) }));
}

const feesOf = (config: DeliveryConfig) => new Map(config.stateDeliveryZones.flatMap((s) => s.zones.map((z) => [z.name, z.amount] as const)));

/** The settings with a new standard config, every peak config's zones rebuilt from it. */
export function withBase(settings: DeliverySettings, base: DeliveryConfig): DeliverySettings {
  return {
    ...settings,
    baseConfig: base,
    overrideConfigs: settings.overrideConfigs.map((peak) => {
      const own = feesOf(peak);
      return { ...peak, stateDeliveryZones: peakZones(base, (z) => own.get(z.name) ?? z.amount) };
    }),
  };
}

/**
 * A key for a new zone from its label, beginning with its state and not yet taken.
 * @example zoneKeyFor('Lagos Island', 'lagos', new Set()) // 'lagos-island'
 * @example zoneKeyFor('Island', 'lagos', new Set(['lagos-island'])) // 'lagos-island-2'
 */
export function zoneKeyFor(label: string, state: string, taken: ReadonlySet<string>): string {
  const words = label.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'zone';
  const key = words.startsWith(`${state}-`) || words === state ? words : `${state}-${words}`;
  let candidate = key.slice(0, 36).replace(/-+$/, '');
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${key.slice(0, 33).replace(/-+$/, '')}-${n}`;
  return candidate;
}

export function peakDraft(config: DeliveryConfig): PeakDraft {
  return {
    name: config.name,
    description: config.description,
    active: config.active,
    dates: [...(config.dates ?? [])].sort(),
    fees: Object.fromEntries([...feesOf(config)].map(([key, amount]) => [key, nairaText(amount)])),
    threshold: nairaText(config.freeDeliveryThreshold),
    minAmount: nairaText(config.minAmount),
    minNote: config.minAmountInfoText,
  };
}

/** A new peak config's form: the standard fees and threshold to start from. */
export function newPeakDraft(base: DeliveryConfig): PeakDraft {
  return { ...peakDraft({ ...base, name: '', description: '', type: 'override', dates: [] }), active: true, minAmount: '0', minNote: '' };
}

/** The peak config a draft describes, priced over the standard zones; `original` keeps what the form does not show (info texts). */
export function peakFromDraft(base: DeliveryConfig, original: DeliveryConfig | null, draft: PeakDraft): DeliveryConfig {
  return {
    infoTextConfigs: (original ?? base).infoTextConfigs,
    name: draft.name.trim(),
    description: draft.description.trim(),
    type: 'override',
    active: draft.active,
    dates: [...draft.dates].sort(),
    freeDeliveryThreshold: typedNaira(draft.threshold),
    minAmount: typedNaira(draft.minAmount),
    minAmountInfoText: draft.minNote.trim(),
    stateDeliveryZones: peakZones(base, (z) => (draft.fees[z.name] === undefined ? z.amount : typedNaira(draft.fees[z.name]!))),
  };
}

/** The settings with peak config `index` replaced (null: added at the end). */
export function withPeak(settings: DeliverySettings, index: number | null, peak: DeliveryConfig): DeliverySettings {
  const peaks = index === null ? [...settings.overrideConfigs, peak] : settings.overrideConfigs.map((p, i) => (i === index ? peak : p));
  return { ...settings, overrideConfigs: peaks };
}

/** The settings without peak config `index`. */
export function withoutPeak(settings: DeliverySettings, index: number): DeliverySettings {
  return { ...settings, overrideConfigs: settings.overrideConfigs.filter((_, i) => i !== index) };
}
