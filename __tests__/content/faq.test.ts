/** @jest-environment node */
import { DEFAULT_DELIVERY_FACTS, deliveryFactsFrom, faqAnswerText, faqJsonLd, faqSections, hourLabel, naira, type FaqEntry } from '@/lib/content/faq';
import type { DeliverySettings } from '@/lib/contracts/settings';
import { SEED_DELIVERY_SETTINGS } from '@/lib/samples/settings';
import { isKnownLink } from './known-links';

const entries = (sections = faqSections()): FaqEntry[] => sections.flatMap((s) => s.entries);
const answerOf = (id: string, sections = faqSections()) => {
  const entry = entries(sections).find((e) => e.id === id);
  if (!entry) throw new Error(`no FAQ entry ${id}`);
  return faqAnswerText(entry);
};
const allText = (sections = faqSections()) => entries(sections).map((e) => `${e.question} ${faqAnswerText(e)}`).join('\n');

describe('faqSections', () => {
  it('asks between 12 and 20 questions, each once, with unique anchors', () => {
    const all = entries();
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(all.length).toBeLessThanOrEqual(20);
    const ids = [...all.map((e) => e.id), ...faqSections().map((s) => s.id)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(all.map((e) => e.question)).size).toBe(all.length);
    for (const e of all) expect(e.question).toMatch(/\?$/);
  });

  it('states the shop’s claims', () => {
    const text = allText();
    expect(text).toMatch(/same-day/i);
    expect(text).toMatch(/24\/7/);
    expect(answerOf('payment-on-delivery')).toMatch(/do not offer payment on delivery/);
    expect(answerOf('returns')).toMatch(/cannot be returned/);
    expect(answerOf('redelivery')).toMatch(/redelivery needs another delivery fee/);
    expect(answerOf('change-address-or-date')).toMatch(/pay the difference between the two fees/);
    expect(answerOf('other-states')).toMatch(/case by case/);
    expect(answerOf('substitutions')).toMatch(/similar flower/);
  });

  it('names the pickup points, payment methods, currencies and tracking by order number', () => {
    expect(answerOf('pickup')).toEqual(expect.stringContaining('Ikoyi'));
    expect(answerOf('pickup')).toEqual(expect.stringContaining('Lekki'));
    expect(answerOf('pickup')).toEqual(expect.stringContaining('Abuja'));
    for (const method of ['Paystack', 'Flutterwave', 'PayPal', 'bank transfer', 'Bitcoin']) expect(answerOf('payment-methods')).toContain(method);
    for (const currency of ['Naira', 'US dollars', 'British pounds']) expect(answerOf('currencies')).toContain(currency);
    expect(answerOf('tracking')).toMatch(/order number/);
    expect(answerOf('whatsapp')).toMatch(/WhatsApp/);
  });

  it('quotes the zone fees, the free-delivery threshold and the cut-off it is given', () => {
    const fees = answerOf('delivery-fees');
    expect(fees).toContain('Lagos central (Lekki, Victoria Island, Ikoyi, Ikeja, Gbagada, Yaba and Surulere): ₦4,500');
    expect(fees).toContain('Lagos outer (Ibeju-Lekki, Ikorodu, Epe and Badagry): ₦10,000');
    expect(fees).toContain('Abuja central (Wuse, Maitama, Jabi, Garki and Asokoro): ₦3,500');
    expect(fees).toContain('Abuja outer (Bwari, Suleja, Lugbe and Kubwa): ₦6,000');
    expect(answerOf('free-delivery')).toContain('₦100,000 or more after any coupon discount');
    expect(answerOf('free-delivery')).toContain('a coupon never takes anything off the delivery fee');
    expect(answerOf('same-day-delivery')).toContain('before 4pm');
    expect(answerOf('peak-dates')).toContain('₦20,000 to ₦30,000');
    expect(answerOf('peak-dates')).toContain('₦150,000 or more after any coupon');
  });

  it('follows changed settings', () => {
    const facts = { ...DEFAULT_DELIVERY_FACTS, lagosCentral: 5_000, cutoffHour: 14, freeDeliveryThreshold: 120_000, valentine: null };
    const sections = faqSections(facts);
    expect(answerOf('delivery-fees', sections)).toContain('₦5,000');
    expect(answerOf('delivery-fees', sections)).not.toContain('₦4,500');
    expect(answerOf('same-day-delivery', sections)).toContain('before 2pm');
    expect(answerOf('free-delivery', sections)).toContain('₦120,000 or more after any coupon');
    expect(answerOf('peak-dates', sections)).not.toMatch(/₦/);
  });

  it('links only to pages the shop serves', () => {
    for (const e of entries()) for (const link of e.links ?? []) expect([link.href, isKnownLink(link.href)]).toEqual([link.href, true]);
  });
});

describe('deliveryFactsFrom', () => {
  it('reads the seeded settings as the shop’s published numbers', () => {
    expect(deliveryFactsFrom(SEED_DELIVERY_SETTINGS)).toEqual({
      ...DEFAULT_DELIVERY_FACTS,
      festive: { minFee: 10_000, maxFee: 20_000, freeDeliveryThreshold: 150_000, minAmount: 0 },
    });
  });

  it('takes fees from the zones, the cut-off from the settings, and ignores inactive peaks', () => {
    const settings: DeliverySettings = structuredClone(SEED_DELIVERY_SETTINGS);
    settings.baseConfig.stateDeliveryZones[1]!.zones[0]!.amount = 4_000;
    settings.sameDayCutoffHour = 15;
    settings.overrideConfigs[0]!.active = false;
    const facts = deliveryFactsFrom(settings);
    expect(facts.abujaCentral).toBe(4_000);
    expect(facts.cutoffHour).toBe(15);
    expect(facts.valentine).toBeNull();
  });

  it('falls back to the published fee for a zone missing from the settings', () => {
    const settings: DeliverySettings = structuredClone(SEED_DELIVERY_SETTINGS);
    settings.baseConfig.stateDeliveryZones = settings.baseConfig.stateDeliveryZones.filter((s) => s.state !== 'abuja');
    expect(deliveryFactsFrom(settings).abujaOuter).toBe(6_000);
  });
});

describe('hourLabel and naira', () => {
  it.each([
    [0, 'midnight'],
    [9, '9am'],
    [12, '12 noon'],
    [16, '4pm'],
    [23, '11pm'],
  ])('%i → %s', (hour, label) => {
    expect(hourLabel(hour)).toBe(label);
  });

  it('formats naira with separators', () => {
    expect(naira(100_000)).toBe('₦100,000');
  });
});

describe('faqJsonLd', () => {
  it('is an FAQPage with one Question per entry and the answer text', () => {
    const sections = faqSections();
    const ld = faqJsonLd(sections) as { '@type': string; mainEntity: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[] };
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.mainEntity).toHaveLength(entries(sections).length);
    const first = entries(sections)[0]!;
    expect(ld.mainEntity[0]).toEqual({ '@type': 'Question', name: first.question, acceptedAnswer: { '@type': 'Answer', text: first.answer.join('\n\n') } });
  });

  it('reads a table answer as sentences after its first paragraph', () => {
    const fees = entries().find((e) => e.id === 'delivery-fees')!;
    const text = faqAnswerText(fees);
    expect(text.split('\n\n')).toHaveLength(fees.answer.length + 1);
    expect(text.split('\n\n')[1]).toMatch(/^Lagos central \(Lekki, .*\): ₦4,500\. Lagos outer .*Abuja outer \(Bwari, Suleja, Lugbe and Kubwa\): ₦6,000\.$/);
  });
});
