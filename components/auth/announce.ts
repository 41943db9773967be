/**
 * Toasts raised by the dialog. While the modal dialog is open, the page around it (where the
 * toast host lives) is inert: screen readers do not hear its live region, and the toast sits under
 * the backdrop. So the dialog also repeats each message in its own alert region.
 */
import { notify, type ToastKind } from '@/lib/ui/notify';

let listener: ((text: string) => void) | null = null;

/** The open dialog listens here (one at a time). */
export function onAnnounce(next: ((text: string) => void) | null): void {
  listener = next;
}

/** Shows a toast and repeats its text inside the dialog. */
export function tell(kind: ToastKind, text: string): void {
  notify(kind, text);
  listener?.(text);
}
