import {
  decide,
  editRefusal,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_STATES,
  PART_PAID_MESSAGE,
  paymentRefusal,
  paymentWording,
  reachableStates,
  staffEventFor,
  type LifecycleState,
  type OrderEvent,
  type OrderFacts,
} from '@/lib/domain/order-lifecycle';
import { isPaidStatus } from '@/lib/domain/order';

const facts: OrderFacts = { hasItems: true, missingDetail: null, currency: 'NGN', paymentMethod: 'gtbTransfer' };
const state = (status: LifecycleState['status'], payment: LifecycleState['payment'], extra: Partial<LifecycleState> = {}): LifecycleState => ({
  status,
  payment,
  paidWith: null,
  paymentTest: false,
  ...extra,
});

describe('paymentWording', () => {
  it.each([
    [{ payment: 'unpaid', paidWith: null, paymentTest: false }, 'not paid'],
    [{ payment: 'awaiting_confirmation', paidWith: 'gtbTransfer', paymentTest: false }, 'awaiting confirmation'],
    [{ payment: 'part_paid', paidWith: 'gtbTransfer', paymentTest: false }, 'PART PAID - BALANCE DUE'],
    [{ payment: 'paid', paidWith: 'paystack', paymentTest: false }, 'PAID - GO AHEAD (Paystack)'],
    [{ payment: 'paid', paidWith: 'gtbTransfer', paymentTest: false }, 'PAID - GO AHEAD (Bank transfer)'],
    [{ payment: 'paid', paidWith: null, paymentTest: false }, 'PAID - GO AHEAD (bank transfer)'],
    [{ payment: 'paid', paidWith: 'paystack', paymentTest: true }, 'PAID - GO AHEAD (Paystack) – TEST PAYMENT, no money taken'],
    [{ payment: 'refund_due', paidWith: 'payPal', paymentTest: false }, 'REFUND DUE (paid with PayPal)'],
    [{ payment: 'refunded', paidWith: 'natwestTransfer', paymentTest: false }, 'REFUNDED (paid with UK bank transfer)'],
  ] as const)('%j reads %j', (s, wording) => {
    expect(paymentWording(s)).toBe(wording);
  });

  it('only the paid state matches the client’s paid rule', () => {
    for (const payment of PAYMENT_STATES) {
      for (const paymentTest of [false, true]) expect(isPaidStatus(paymentWording({ payment, paidWith: 'paystack', paymentTest }))).toBe(payment === 'paid');
    }
  });
});

describe('decide', () => {
  it('checks the state first (409), then the actor (403), then the guards (400)', () => {
    const staff = { kind: 'staff', id: 's1' } as const;
    expect(decide(state('delivered', 'paid'), { type: 'choose_method', method: 'paystack', currency: 'NGN' }, staff, { ...facts, hasItems: false })).toMatchObject({ ok: false, status: 409 });
    expect(decide(state('created', 'unpaid'), { type: 'choose_method', method: 'paystack', currency: 'NGN' }, staff, { ...facts, hasItems: false })).toMatchObject({ ok: false, status: 403 });
    expect(decide(state('created', 'unpaid'), { type: 'choose_method', method: 'paystack', currency: 'NGN' }, { kind: 'shopper' }, { ...facts, hasItems: false })).toEqual({
      ok: false,
      status: 400,
      message: 'Your order has no items',
    });
    expect(decide(state('created', 'unpaid'), { type: 'choose_method', method: 'paystack', currency: 'NGN' }, { kind: 'shopper' }, facts)).toEqual({ ok: true, status: 'awaiting_payment', payment: 'unpaid' });
  });

  it('words a refusal for the shopper where the shopper acts', () => {
    const shopper = { kind: 'shopper' } as const;
    const choose = { type: 'choose_method', method: 'gtbTransfer', currency: 'NGN' } as const;
    expect(decide(state('paid', 'paid'), choose, shopper, facts)).toMatchObject({ message: 'This order is already paid' });
    expect(decide(state('cancelled', 'unpaid'), choose, shopper, facts)).toMatchObject({ message: 'This order can no longer be changed' });
    expect(decide(state('created', 'awaiting_confirmation'), choose, shopper, facts)).toMatchObject({ message: expect.stringMatching(/^We are confirming your transfer/) });
    for (const type of ['transfer_sent', 'reopen'] as const) {
      expect(decide(state('awaiting_payment', 'part_paid'), { type, note: '' } as OrderEvent, shopper, facts)).toEqual({ ok: false, status: 409, message: PART_PAID_MESSAGE });
    }
    expect(decide(state('awaiting_payment', 'part_paid'), choose, shopper, facts)).toEqual({ ok: false, status: 409, message: PART_PAID_MESSAGE });
  });

  it('a confirmed transfer pays the order once the receipts cover the total; short of it, part paid and the status stays', () => {
    const staff = { kind: 'staff', id: 's1' } as const;
    const transfer = (coversTotal: boolean) => ({ type: 'confirm_transfer', amountMinor: 2_000_000n, reference: 'GTB-1', coversTotal }) as const;
    expect(decide(state('awaiting_payment', 'awaiting_confirmation'), transfer(false), staff, facts)).toEqual({ ok: true, status: 'awaiting_payment', payment: 'part_paid' });
    expect(decide(state('created', 'unpaid'), transfer(false), staff, facts)).toEqual({ ok: true, status: 'created', payment: 'part_paid' });
    expect(decide(state('awaiting_payment', 'part_paid'), transfer(false), staff, facts)).toEqual({ ok: true, status: 'awaiting_payment', payment: 'part_paid' });
    expect(decide(state('awaiting_payment', 'part_paid'), transfer(true), staff, facts)).toEqual({ ok: true, status: 'paid', payment: 'paid' });
    expect(decide(state('awaiting_payment', 'part_paid'), { type: 'cancel' }, staff, facts)).toEqual({ ok: true, status: 'cancelled', payment: 'refund_due' });
    // Nothing goes ahead on part of the money; a card payment cannot top it up.
    expect(decide(state('awaiting_payment', 'part_paid'), { type: 'prepare' }, staff, facts)).toMatchObject({ ok: false, status: 409 });
    expect(paymentRefusal({ status: 'awaiting_payment', payment: 'part_paid' })).toBe(PART_PAID_MESSAGE);
    expect(editRefusal({ status: 'created', payment: 'part_paid' })).toBe(PART_PAID_MESSAGE);
    expect(decide(state('paid', 'paid'), transfer(true), staff, facts)).toMatchObject({ ok: false, status: 409, message: 'This order is already paid' });
  });

  it('reaches part paid from a new order', () => {
    expect(reachableStates()).toEqual(expect.arrayContaining([{ status: 'created', payment: 'part_paid' }, { status: 'awaiting_payment', payment: 'part_paid' }]));
  });
});

describe('what the shopper may still do', () => {
  it('changes only created or awaiting-payment orders that are unpaid; pays any of those or one whose transfer is announced', () => {
    for (const status of ORDER_STATUSES) {
      for (const payment of PAYMENT_STATES) {
        const editable = (status === 'created' || status === 'awaiting_payment') && payment === 'unpaid';
        expect(editRefusal({ status, payment }) === null).toBe(editable);
        const payable = (status === 'created' || status === 'awaiting_payment') && (payment === 'unpaid' || payment === 'awaiting_confirmation');
        expect(paymentRefusal({ status, payment }) === null).toBe(payable);
      }
      expect(ORDER_STATUS_LABELS[status]).toMatch(/^[A-Z]/);
    }
  });
});

describe('staffEventFor', () => {
  it.each([
    ['awaiting_payment', 'paid', 'confirm_transfer'],
    ['paid', 'preparing', 'prepare'],
    ['out_for_delivery', 'preparing', 'delivery_failed'],
    ['preparing', 'out_for_delivery', 'dispatch'],
    ['out_for_delivery', 'delivered', 'deliver'],
    ['paid', 'cancelled', 'cancel'],
    ['paid', 'created', null],
    ['created', 'awaiting_payment', null],
  ] as const)('%s → %s is %s', (from, to, event) => {
    expect(staffEventFor(from, to)).toBe(event);
  });
});
