import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `open`, calls `close(true)` on Escape (the caller moves focus back to its button) and
 * `close(false)` on a press outside `root`.
 */
export function useDismiss(open: boolean, root: RefObject<HTMLElement | null>, close: (escape: boolean) => void): void {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current(true);
    };
    const onPress = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) latest.current(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPress);
    };
  }, [open, root]);
}
