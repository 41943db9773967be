/**
 * The session mark of pages/_document.tsx (lib/ui/session-mark.mjs), its text run as the browser
 * runs it: <html> is marked only when storage holds a user with a token, written by this version
 * of the shop (what migrateStorage() keeps), and storage it cannot read marks nothing.
 */
import { SESSION_MARK, SIGNED_IN_ATTRIBUTE } from '@/lib/ui/session-mark.mjs';
import { migrateStorage, STORAGE_KEYS, SYNC_VERSION, writeStored } from '@/lib/state/storage';

const marked = () => {
  document.documentElement.removeAttribute(SIGNED_IN_ATTRIBUTE);
  new Function(SESSION_MARK)();
  return document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE);
};

beforeEach(() => localStorage.clear());

it('marks a browser whose storage holds a current session, as the shop itself writes it', () => {
  migrateStorage();
  writeStored(STORAGE_KEYS.user, { email: 'ada@example.com', authToken: 'token-1' });
  expect(marked()).toBe(true);
});

it('does not mark a guest, a user record without a token, or a session an older version wrote (migrateStorage wipes it)', () => {
  migrateStorage();
  expect(marked()).toBe(false);
  writeStored(STORAGE_KEYS.user, { email: 'ada@example.com' });
  expect(marked()).toBe(false);

  localStorage.clear();
  writeStored(STORAGE_KEYS.syncVersion, SYNC_VERSION - 1);
  writeStored(STORAGE_KEYS.user, { email: 'ada@example.com', authToken: 'old' });
  expect(marked()).toBe(false);
  migrateStorage();
  expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull(); // what the mark foresaw
});

it('marks nothing when storage is unreadable or holds something else', () => {
  migrateStorage();
  localStorage.setItem(STORAGE_KEYS.user, '{not json');
  expect(marked()).toBe(false);
  const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new DOMException('denied', 'SecurityError');
  });
  expect(marked()).toBe(false);
  getItem.mockRestore();
});
