import { paymentWording } from '@/lib/domain/order-lifecycle';

const paidStatusFor = (paidWith: string, options: { test?: boolean } = {}) => paymentWording({ payment: 'paid', paidWith, paymentTest: options.test ?? false });
import { isCheckoutUrl, isPaidStatus, isTestPaymentStatus } from '@/lib/domain/order';

describe('isPaidStatus', () => {
  it.each([
    ['PAID - GO AHEAD (Paystack)', true],
    ['PAID - GO AHEAD (bank transfer)', true],
    ['paid', true],
    ['Go ahead', true],
    ['part paid', false],
    ['not paid', false],
    ['awaiting confirmation', false],
    ['', false],
    [null, false],
  ])('%j → %s', (status, paid) => {
    expect(isPaidStatus(status)).toBe(paid);
  });
});

describe('isTestPaymentStatus', () => {
  it('marks a sandbox payment, which still reads as paid; real and unpaid wordings are not marked', () => {
    const test = paidStatusFor('paystack', { test: true });
    expect(test).toBe('PAID - GO AHEAD (Paystack) – TEST PAYMENT, no money taken');
    expect([isTestPaymentStatus(test), isPaidStatus(test)]).toEqual([true, true]);
    for (const status of [paidStatusFor('paystack'), 'not paid', 'awaiting confirmation', '', null]) expect(isTestPaymentStatus(status)).toBe(false);
  });
});

describe('isCheckoutUrl', () => {
  it.each([
    ['/checkout', true],
    ['/checkout?orderId=abc', true],
    ['/checkouts', false],
    ['/product/checkout', false],
  ])('%s → %s', (url, yes) => {
    expect(isCheckoutUrl(url)).toBe(yes);
  });
});
