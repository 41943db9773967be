/**
 * A value made on its first use and kept, for Intl formatters: building one loads the browser's
 * locale and time-zone data, tens of milliseconds on a phone, so a module that builds them when
 * it loads charges every page that includes it, even one that never formats a date.
 * @example const day = onFirstUse(() => new Intl.DateTimeFormat('en-GB')); day().format(at)
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
