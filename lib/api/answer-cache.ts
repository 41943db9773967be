/**
 * A small time-limited LRU store for GET answers. The server-side client keeps public catalogue
 * answers (products, listings, categories) for a few seconds, so that rendering a popular page
 * does not cost an HTTP round trip and a database query every time. Staleness is bounded by the
 * time limit: a catalogue change shows within `ttlMs`.
 */
import type { AnswerCache } from '@/lib/api/client';

export function createAnswerCache({ ttlMs, maxEntries, now = Date.now }: { ttlMs: number; maxEntries: number; now?: () => number }): AnswerCache & { clear(): void; size(): number } {
  const entries = new Map<string, { value: unknown; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      // Refresh its place: the least recently used entry is the first one.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, until: now() + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    clear: () => entries.clear(),
    size: () => entries.size,
  };
}
