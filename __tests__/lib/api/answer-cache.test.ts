import { createAnswerCache } from '@/lib/api/answer-cache';

describe('createAnswerCache', () => {
  it('keeps an answer until its time runs out', () => {
    let now = 1000;
    const cache = createAnswerCache({ ttlMs: 30, maxEntries: 10, now: () => now });
    cache.set('a', { x: 1 });
    now += 29;
    expect(cache.get('a')).toEqual({ x: 1 });
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it('drops the least recently used answer when full', () => {
    const cache = createAnswerCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });
});
