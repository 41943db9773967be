/**
 * Opens and closes a native <dialog> as a modal with `open` (focus is trapped inside while it is
 * open; jsdom without showModal gets the `open` attribute), and on opening focuses `first` when
 * given (the browser focuses the first focusable element otherwise).
 */
import { useEffect, type RefObject } from 'react';

export function useModal(dialog: RefObject<HTMLDialogElement | null>, open: boolean, first?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
      first?.current?.focus();
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
    // The refs are stable; only `open` says when to act.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}
