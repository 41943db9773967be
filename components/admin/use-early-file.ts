/**
 * A file chosen before the page's code arrived. Back-office pages are full page loads, so on a slow
 * phone the form is on screen, and its file input usable, before React has hydrated it; the
 * browser keeps the chosen file but React never saw the change. Once hydrated, this hands a file
 * already in the input to `choose`, as if it had just been chosen.
 *
 * @example
 * const early = useEarlyFile(choose);
 * <input ref={early} type="file" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
 */
import { useEffect, useEffectEvent, useRef } from 'react';

export function useEarlyFile(choose: (file: File) => void) {
  const input = useRef<HTMLInputElement>(null);
  const chosenEarly = useEffectEvent((file: File) => choose(file));
  useEffect(() => {
    const early = input.current?.files?.[0];
    if (early) chosenEarly(early);
  }, []);
  return input;
}
