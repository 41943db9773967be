import { deliveryConfigFor, zoneAmounts } from '@/lib/domain/delivery';
import { shopDay } from '@/lib/domain/dates';
import { SEED_DELIVERY_SETTINGS } from '@/lib/samples/settings';

describe('deliveryConfigFor', () => {
  it.each([
    ['2027-02-12', 'Standard delivery'],
    ['2027-02-13', 'Valentine peak'],
    ['2027-02-14', 'Valentine peak'],
    ['2027-02-15', 'Valentine peak'],
    ['2027-02-16', 'Standard delivery'],
    ['2026-12-25', 'Festive peak'],
    ['2027-01-01', 'Festive peak'],
    ['2026-12-24', 'Standard delivery'],
  ])('on %s uses %s', (day, name) => {
    expect(deliveryConfigFor(SEED_DELIVERY_SETTINGS, day).name).toBe(name);
  });

  it('ignores an inactive override', () => {
    const settings = { ...SEED_DELIVERY_SETTINGS, overrideConfigs: SEED_DELIVERY_SETTINGS.overrideConfigs.map((c) => ({ ...c, active: false })) };
    expect(deliveryConfigFor(settings, '2027-02-14').type).toBe('base');
  });
});

describe('zoneAmounts', () => {
  it('lists the fee of every zone, unsure addresses charged as outer', () => {
    expect(zoneAmounts(SEED_DELIVERY_SETTINGS.baseConfig)).toEqual({
      'lagos-central': 4500,
      'lagos-outer': 10000,
      'lagos-unsure': 10000,
      'abuja-central': 3500,
      'abuja-outer': 6000,
      'abuja-unsure': 6000,
    });
  });
});

describe('shopDay', () => {
  it('is the calendar day in Lagos', () => {
    expect(shopDay(new Date('2027-02-13T22:59:00Z'))).toBe('2027-02-13');
    expect(shopDay(new Date('2027-02-13T23:00:00Z'))).toBe('2027-02-14');
  });
});
