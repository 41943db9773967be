import { deliveryChangeLine, deliveryChangeRefusal, deliveryDayText, feeChangeReason } from '@/lib/domain/delivery-change';
import { ORDER_STATUSES, type OrderStatus } from '@/lib/domain/order-lifecycle';

describe('deliveryChangeRefusal', () => {
  const lagos = { deliveryMethod: 'delivery', state: 'lagos' };

  it.each(ORDER_STATUSES.map((status) => [status, status === 'paid' || status === 'preparing'] as const))('a Lagos door delivery %s may change: %s', (status, may) => {
    expect(deliveryChangeRefusal({ ...lagos, status }) === null).toBe(may);
  });

  it.each([
    [{ deliveryMethod: 'pick-up', state: null }, 'This order is collected from a pickup point: it has no delivery to change'],
    [{ deliveryMethod: 'delivery', state: 'other-locations' }, 'This order goes to another state: its delivery fee is quoted by staff, so ask the sender for a new quote instead'],
    [{ deliveryMethod: null, state: null }, 'This order has no delivery to change'],
    [{ deliveryMethod: 'delivery', state: 'abuja' }, null],
  ])('%o in preparation: %s', (order, refusal) => {
    expect(deliveryChangeRefusal({ ...order, status: 'preparing' })).toBe(refusal);
  });

  it('names why a status refuses', () => {
    const refusal = (status: OrderStatus) => deliveryChangeRefusal({ ...lagos, status });
    expect(refusal('out_for_delivery')).toBe('This order is out for delivery: its delivery can be changed only before it leaves the shop');
    expect(refusal('awaiting_payment')).toBe('This order is not paid yet: the sender can still change the delivery at checkout');
  });
});

describe('words', () => {
  it.each([
    ['2027-02-14', 'Sun 14 Feb'],
    ['2026-12-25', 'Fri 25 Dec'],
    ['nonsense', 'nonsense'],
  ])('deliveryDayText(%s) is %s', (day, text) => expect(deliveryDayText(day)).toBe(text));

  it('the timeline line says what changed, and the note', () => {
    expect(deliveryChangeLine({ day: { from: '2027-02-12', to: '2027-02-14' }, zone: { from: 'Lagos central', to: 'Lagos outer' } })).toBe(
      'Delivery changed: date Fri 12 Feb → Sun 14 Feb; zone Lagos central → Lagos outer',
    );
    expect(deliveryChangeLine({ day: { from: null, to: '2027-02-14' }, address: '[Office] 5 Bourdillon Road' }, '  Gate 2 ')).toBe(
      'Delivery changed: date set to Sun 14 Feb; address now [Office] 5 Bourdillon Road: Gate 2',
    );
  });

  it.each([
    [{ day: '2027-02-14', peak: 'Valentine peak', newFee: '₦20,000', paidFee: '₦4,500', more: '₦15,500' }, 'Delivery moved to Sun 14 Feb: Valentine peak fee ₦20,000 instead of ₦4,500, ₦15,500 more'],
    [{ zone: 'Lagos central', newFee: '₦4,500', paidFee: '₦10,000' }, 'Delivery zone changed to Lagos central: fee ₦4,500 instead of ₦10,000'],
    [{ day: '2027-03-02', zone: 'Lagos outer', newFee: '₦10,000', paidFee: '', more: '₦10,000' }, 'Delivery moved to Tue 2 Mar, zone Lagos outer: fee ₦10,000 instead of free delivery, ₦10,000 more'],
    [{ zone: 'Lagos central', newFee: '', paidFee: '$7' }, 'Delivery zone changed to Lagos central: free delivery instead of $7'],
  ])('feeChangeReason(%o)', (change, reason) => expect(feeChangeReason(change)).toBe(reason));
});
