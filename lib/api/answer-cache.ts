/**
 * A small time-limited LRU store for GET answers. The server-side client keeps public catalogue
 * answers (products, listings, categories) for a few seconds, so that rendering a popular page
 * does not cost an HTTP round trip and a database query every time. An entry lapses after
 * `ttlMs`, or at once when the content version it was stored under changes (a catalogue or
 * settings write, lib/server/live/content.ts).
 */
import type { AnswerCache } from '@/lib/api/client';

export function createAnswerCache({
  ttlMs,
  maxEntries,
  now = Date.now,
  version = () => 0,
}: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
  /** The content version (lib/server/live/content.ts): an entry stored under another version is stale at once. */
  version?: () => number;
}): AnswerCache & { stamp(): number; clear(): void; size(): number } {
  const entries = new Map<string, { value: unknown; until: number; version: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now() || entry.version !== version()) {
        entries.delete(key);
        return undefined;
      }
      // Refresh its place: the least recently used entry is the first one.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    // An answer asked for before a change (`stamp` older than the version now) is kept as stale:
    // the next reader asks again.
    set(key, value, stamp = version()) {
      entries.delete(key);
      entries.set(key, { value, until: now() + ttlMs, version: stamp });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    stamp: () => version(),
    clear: () => entries.clear(),
    size: () => entries.size,
  };
}
