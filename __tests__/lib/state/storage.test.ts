import { migrateStorage, readStored, STORAGE_KEYS, SYNC_VERSION, writeStored } from '@/lib/state/storage';

beforeEach(() => localStorage.clear());

describe('browser storage', () => {
  it('wipes the shop’s keys once when the sync version is below 3', () => {
    writeStored(STORAGE_KEYS.syncVersion, 2);
    writeStored(STORAGE_KEYS.cartItems, [{ SKU: 'A' }]);
    writeStored(STORAGE_KEYS.currency, 'USD');
    migrateStorage();
    expect(readStored(STORAGE_KEYS.cartItems)).toBeNull();
    expect(readStored(STORAGE_KEYS.currency)).toBeNull();
    expect(readStored(STORAGE_KEYS.syncVersion)).toBe(SYNC_VERSION);
    writeStored(STORAGE_KEYS.cartItems, [{ SKU: 'B' }]);
    migrateStorage();
    expect(readStored(STORAGE_KEYS.cartItems)).toEqual([{ SKU: 'B' }]);
  });

  it('wipes storage with no version at all', () => {
    writeStored(STORAGE_KEYS.orderId, 'x');
    migrateStorage();
    expect(readStored(STORAGE_KEYS.orderId)).toBeNull();
  });

  it('reads unreadable JSON as nothing and removes with null', () => {
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(readStored(STORAGE_KEYS.user)).toBeNull();
    writeStored(STORAGE_KEYS.user, { email: 'a@b.co' });
    writeStored(STORAGE_KEYS.user, null);
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});
