/**
 * Delivery capacity rules (lib/domain/capacity.ts): the limit of a branch on a day, the branch of
 * an order, which orders hold a place (and for how long), full days in the pickers, the checks of
 * the back office's document, and the words shoppers and staff read.
 */
import {
  branchOfOrder,
  capacityFor,
  capacityProblem,
  fullReason,
  fullyBookedMessage,
  holdsSlot,
  isFull,
  partlyFull,
  SLOT_HOLD_MS,
  tidyCapacity,
  type CapacitySettings,
  type DeliveryCalendar,
} from '@/lib/domain/capacity';

const settings: CapacitySettings = {
  defaults: { lagos: 40, abuja: null },
  days: [
    { day: '2027-02-14', lagos: 90, abuja: 30, note: 'Valentine' },
    { day: '2027-03-05', lagos: null, abuja: 0, note: 'Abuja closed' },
  ],
};

describe('capacityFor', () => {
  it.each([
    ['lagos', '2027-02-13', 40],
    ['lagos', '2027-02-14', 90],
    ['abuja', '2027-02-14', 30],
    ['abuja', '2027-02-13', null],
    ['lagos', '2027-03-05', 40],
    ['abuja', '2027-03-05', 0],
  ] as const)('%s on %s: %s', (branch, day, limit) => {
    expect(capacityFor(settings, branch, day)).toBe(limit);
  });
});

describe('branchOfOrder', () => {
  it.each([
    [{ deliveryMethod: 'delivery', despatchLocation: null, state: 'lagos' }, 'lagos'],
    [{ deliveryMethod: 'delivery', despatchLocation: null, state: 'abuja' }, 'abuja'],
    [
      {
        deliveryMethod: 'delivery',
        despatchLocation: null,
        state: 'other-locations',
      },
      'lagos',
    ],
    [{ deliveryMethod: 'pick-up', despatchLocation: 'LPI', state: null }, 'lagos'],
    [{ deliveryMethod: 'pick-up', despatchLocation: 'LPL', state: null }, 'lagos'],
    [{ deliveryMethod: 'pick-up', despatchLocation: 'APA', state: null }, 'abuja'],
  ])('%j → %s', (order, branch) => {
    expect(branchOfOrder(order)).toBe(branch);
  });
});

describe('holdsSlot', () => {
  const at = new Date('2027-03-02T10:00:00Z');
  const order = {
    status: 'created',
    paymentState: 'unpaid',
    checkedOut: true,
    slotHeldAt: at,
  };
  it('an unpaid checked-out order holds its place for exactly an hour from when it took it', () => {
    expect(holdsSlot(order, at)).toBe(true);
    expect(holdsSlot(order, new Date(at.getTime() + SLOT_HOLD_MS - 1))).toBe(true);
    expect(holdsSlot(order, new Date(at.getTime() + SLOT_HOLD_MS))).toBe(false);
    expect(holdsSlot({ ...order, slotHeldAt: null }, at)).toBe(false);
  });
  it.each(['paid', 'part_paid', 'awaiting_confirmation'])('%s holds it for good', (paymentState) => {
    expect(holdsSlot({ ...order, status: 'paid', paymentState }, new Date(at.getTime() + 30 * SLOT_HOLD_MS))).toBe(true);
  });
  it('a cancelled order, or one not checked out (no branch yet), holds none', () => {
    expect(holdsSlot({ ...order, status: 'cancelled', paymentState: 'refund_due' }, at)).toBe(false);
    expect(holdsSlot({ ...order, checkedOut: false }, at)).toBe(false);
  });
});

describe('isFull', () => {
  it('is full when the others reach the limit; no limit is never full; 0 is closed', () => {
    expect(isFull(2, 1)).toBe(false);
    expect(isFull(2, 2)).toBe(true);
    expect(isFull(0, 0)).toBe(true);
    expect(isFull(null, 10_000)).toBe(false);
  });
});

describe('the pickers', () => {
  const calendar: DeliveryCalendar = {
    today: '2027-03-02',
    until: '2027-05-02',
    full: {
      lagos: ['2027-03-05', '2027-03-06'],
      abuja: ['2027-03-06', '2027-03-07'],
    },
  };
  it('for a branch, its full days', () => {
    expect(fullReason(calendar, '2027-03-05', 'lagos')).toBe('Fully booked');
    expect(fullReason(calendar, '2027-03-05', 'abuja')).toBeNull();
    expect(fullReason(null, '2027-03-05', 'lagos')).toBeNull();
  });
  it('without a branch (the cart), only days every branch is full; a day one branch is full says which', () => {
    expect(fullReason(calendar, '2027-03-06', null)).toBe('Fully booked');
    expect(fullReason(calendar, '2027-03-05', null)).toBeNull();
    expect(partlyFull(calendar, '2027-03-05')).toBe('Fully booked in Lagos');
    expect(partlyFull(calendar, '2027-03-07')).toBe('Fully booked in Abuja');
    expect(partlyFull(calendar, '2027-03-06')).toBeNull();
    expect(partlyFull(calendar, '2027-03-08')).toBeNull();
  });
});

describe('capacityProblem', () => {
  const today = '2027-03-02';
  const ok: CapacitySettings = {
    defaults: { lagos: 40, abuja: null },
    days: [{ day: '2027-03-02', lagos: 0, abuja: null, note: '' }],
  };
  it('accepts limits from 0 to 10,000 and days from today on', () => {
    expect(capacityProblem(ok, today)).toBeNull();
    expect(capacityProblem({ ...ok, defaults: { lagos: 10_000, abuja: 0 } }, today)).toBeNull();
  });
  it.each([
    [{ ...ok, defaults: { lagos: 10_001, abuja: null } }, 'Lagos: the daily limit must be a whole number from 0 to 10,000 (empty for no limit)'],
    [{ ...ok, defaults: { lagos: null, abuja: 1.5 } }, 'Abuja: the daily limit must be a whole number from 0 to 10,000 (empty for no limit)'],
    [{ ...ok, days: [{ day: '2027-03-01', lagos: 3, abuja: null, note: '' }] }, '2027-03-01: the day has passed'],
    [{ ...ok, days: [{ day: '2027-02-29', lagos: 3, abuja: null, note: '' }] }, '2027-02-29: not a day written YYYY-MM-DD'],
    [
      {
        ...ok,
        days: [{ day: '2027-03-09', lagos: null, abuja: null, note: '' }],
      },
      '2027-03-09: give a limit for Lagos, Abuja or both',
    ],
    [
      {
        ...ok,
        days: [{ day: '2027-03-09', lagos: null, abuja: -1, note: '' }],
      },
      '2027-03-09: the Abuja limit must be a whole number from 0 to 10,000',
    ],
    [{ ...ok, days: [ok.days[0]!, { ...ok.days[0]!, lagos: 5 }] }, '2027-03-02: the day is listed twice'],
  ])('%j: %s', (doc, problem) => {
    expect(capacityProblem(doc, today)).toBe(problem);
  });
});

describe('tidyCapacity', () => {
  it('sorts the days and drops those before today, leaving the input alone', () => {
    const input: CapacitySettings = {
      defaults: { lagos: 1, abuja: 2 },
      days: [
        { day: '2027-03-09', lagos: 1, abuja: null, note: '' },
        { day: '2027-03-01', lagos: 1, abuja: null, note: '' },
        { day: '2027-03-03', lagos: 1, abuja: null, note: '' },
      ],
    };
    expect(tidyCapacity(input, '2027-03-02').days.map((d) => d.day)).toEqual(['2027-03-03', '2027-03-09']);
    expect(input.days).toHaveLength(3);
  });
});

describe('fullyBookedMessage', () => {
  it('names the day and the branch, and what the reader can do', () => {
    expect(fullyBookedMessage('2027-02-14', 'lagos')).toBe('Sunday 14 February is fully booked in Lagos: please choose another day');
    expect(fullyBookedMessage('2027-02-14', null)).toBe('Sunday 14 February is fully booked in Lagos and Abuja: please choose another day');
    expect(fullyBookedMessage('2027-02-14', 'abuja', 'staff')).toBe("Sunday 14 February is fully booked in Abuja: raise the day's limit under Settings › Capacity, or choose another day");
  });
});
