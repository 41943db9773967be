import type { UserRecord } from '@/lib/contracts/auth';
import { userReducer, type UserAction } from '@/lib/state/user-reducer';

const ada: UserRecord = { authToken: 'token-ada', email: 'ada@example.com', name: 'Ada Obi', cartItems: [], recipients: [] };
const fresh: UserRecord = {
  ...ada,
  name: 'Ada N. Obi',
  cartItems: [{ productId: 'p1', name: 'Roses', price: 45000, quantity: 2, image: { src: '/r.webp', alt: 'Roses' }, SKU: 'RS-1' }],
};

describe('userReducer', () => {
  it.each<[string, UserRecord | null, UserAction, UserRecord | null]>([
    ['login stores the answered record', null, { type: 'login', record: ada }, ada],
    [
      'login replaces the record (a password change answers a new token)',
      ada,
      { type: 'login', record: { ...ada, authToken: 'token-2' } },
      { ...ada, authToken: 'token-2' },
    ],
    ['logout drops the user', ada, { type: 'logout' }, null],
    ['logout of a guest stays a guest', null, { type: 'logout' }, null],
    ['a handshake answering null for the token sent drops the user (dead token)', ada, { type: 'handshake', sentToken: 'token-ada', user: null }, null],
    [
      'a handshake answering the user refreshes the record and keeps the token',
      ada,
      { type: 'handshake', sentToken: 'token-ada', user: { ...fresh, authToken: 'ignored' } },
      { ...fresh, authToken: 'token-ada' },
    ],
    [
      'a verdict on an older token leaves a newer login alone',
      { ...ada, authToken: 'token-new' },
      { type: 'handshake', sentToken: 'token-ada', user: null },
      { ...ada, authToken: 'token-new' },
    ],
    ['a verdict after logout changes nothing', null, { type: 'handshake', sentToken: 'token-ada', user: ada }, null],
  ])('%s', (_name, before, action, after) => {
    expect(userReducer(before, action)).toEqual(after);
  });

  it('keeps the same object when a verdict does not apply (subscribers are not woken)', () => {
    const other = { ...ada, authToken: 'token-new' };
    expect(userReducer(other, { type: 'handshake', sentToken: 'token-ada', user: null })).toBe(other);
  });
});
