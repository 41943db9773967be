import { isCheckoutUrl, isPaidStatus } from '@/lib/domain/order';

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
