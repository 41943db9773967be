/**
 * Toasts (spec sections 8 and 9): success 3 s, info 9 s, error 5 s; a new one first hides the
 * old one and shows 300 ms later. react-toastify is loaded on first use, so it costs nothing on
 * a page that never shows a toast.
 */
import type { ReactNode } from 'react';

export type ToastKind = 'success' | 'info' | 'error';

export const TOAST_DURATION_MS: Record<ToastKind, number> = { success: 3000, info: 9000, error: 5000 };
export const TOAST_SWAP_DELAY_MS = 300;

type Listener = (toast: PendingToast | null) => void;
export type PendingToast = { id: number; kind: ToastKind; content: ReactNode; autoClose: number };

let listener: Listener | null = null;
let queued: PendingToast | null = null;
let counter = 0;
let swapTimer: ReturnType<typeof setTimeout> | undefined;

/** The toast host (components/ui/toasts.tsx) registers here; toasts raised before it mounts wait. */
export function onToast(next: Listener | null): void {
  listener = next;
  if (next && queued) {
    next(queued);
    queued = null;
  }
}

/** Shows a toast: hides the current one, then shows this one after the swap delay. */
export function notify(kind: ToastKind, content: ReactNode, options: { autoClose?: number } = {}): void {
  const toast: PendingToast = { id: ++counter, kind, content, autoClose: options.autoClose ?? TOAST_DURATION_MS[kind] };
  clearTimeout(swapTimer);
  listener?.(null);
  swapTimer = setTimeout(() => {
    if (listener) listener(toast);
    else queued = toast;
  }, TOAST_SWAP_DELAY_MS);
}
