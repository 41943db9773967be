/**
 * 'Remind me next year' (issue 18): one button that asks the shop to e-mail the sender a week and
 * a day before the occasion comes round again (lib/contracts/reminders.ts). Used by the checkout's
 * done stage (with the order's id) and by /remind, the payment e-mail's link (with its token).
 * Says what it did in words, or the shop's message when it could not.
 */
import { useState } from 'react';
import { createReminder } from '@/lib/api/calls';
import type { ReminderView } from '@/lib/contracts/reminders';
import { formatCartDate, shopDay } from '@/lib/domain/dates';
import { reminderEmailDays, reminderPhrase } from '@/lib/domain/reminders';
import { useApi } from '@/lib/state/browser-api';
import styles from './remind-me.module.css';

export const REMIND_TEXT = {
  button: 'Remind me next year',
  busy: 'Setting your reminder…',
  offer: (what: string) => `We can e-mail you a week before and the day before ${what} next year, with this order to send again in one click.`,
  /** The e-mails' days as the job will send them (`reminderEmailDays`: a week already begun is made up today). */
  done: (what: string, nextOn: string, today = shopDay(new Date())) =>
    `Reminder set: we will e-mail you on ${reminderEmailDays(nextOn, today).map(formatCartDate).join(' and ')}, before ${what} on ${formatCartDate(nextOn)}.`,
  muted: 'This address asked us for no reminders, so none will be e-mailed until you subscribe again from one of our e-mails.',
  failed: (message: string) => `Could not set the reminder: ${message}`,
} as const;

type Props = { orderId?: string; token?: string; occasion: string; recipientName: string; already?: ReminderView | null };

export function RemindMe({ orderId, token, occasion, recipientName, already = null }: Props) {
  const getApi = useApi();
  const [busy, setBusy] = useState(false);
  const [reminder, setReminder] = useState<ReminderView | null>(already);
  const [error, setError] = useState<string | null>(null);
  const what = reminderPhrase(occasion, recipientName);

  async function remind() {
    setBusy(true);
    setError(null);
    try {
      setReminder(await createReminder(await getApi(), orderId ? { orderId } : { token }));
    } catch (failure) {
      setError(REMIND_TEXT.failed((failure as Error).message));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.box}>
      {reminder ? (
        <p role="status" className={styles.done}>
          {REMIND_TEXT.done(what, reminder.nextOn)}
          {reminder.muted && <span className={styles.muted}> {REMIND_TEXT.muted}</span>}
        </p>
      ) : (
        <>
          <p>{REMIND_TEXT.offer(what)}</p>
          <button type="button" className={styles.button} disabled={busy} aria-busy={busy || undefined} onClick={() => void remind()}>
            {busy ? REMIND_TEXT.busy : REMIND_TEXT.button}
          </button>
        </>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
