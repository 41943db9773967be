import { onFirstUse } from '@/lib/domain/first-use';

test('the value is made on its first use, not before, and once', () => {
  const make = jest.fn(() => ({ made: true }));
  const value = onFirstUse(make);
  expect(make).not.toHaveBeenCalled();
  const first = value();
  expect(value()).toBe(first);
  expect(make).toHaveBeenCalledTimes(1);
});
