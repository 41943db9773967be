/**
 * 'Remind me next year' on a paid order with a day (components/account/order-view.tsx): asks the
 * shop to remember the occasion by the order's id (`createReminder`, the same call as the
 * checkout's done stage) and says when the e-mails will go, a week and a day before the day comes
 * round again ('We will e-mail you on … and … before Amaka's Birthday'); the button then reads
 * 'Reminder set'. An order whose reminder is already set (`already`, from the order's answer)
 * opens that way. A refusal (409: not paid, no e-mail, no day) is the server's words beside the
 * button.
 */
import { useState } from 'react';
import { createReminder } from '@/lib/api/calls';
import type { ReminderView } from '@/lib/contracts/reminders';
import { shopDay } from '@/lib/domain/dates';
import { reminderEmailDays } from '@/lib/domain/reminders';
import { REMINDERS_TEXT, phraseOf } from './reminder-texts';
import { useAccountCall } from './use-account-call';
import orders from './orders.module.css';
import styles from './reminders.module.css';

/** What the new reminder will do, as of today in Lagos. */
export function reminderSetText(reminder: ReminderView, today = shopDay(new Date())): string {
  const title = phraseOf(reminder);
  return reminder.muted ? `${REMINDERS_TEXT.set}. ${REMINDERS_TEXT.muted}` : REMINDERS_TEXT.willEmail(reminderEmailDays(reminder.nextOn, today), title);
}

export function RemindButton({ orderId, already = null }: { orderId: string; already?: ReminderView | null }) {
  const { busy, error, run } = useAccountCall();
  const [reminder, setReminder] = useState<ReminderView | null>(already);

  async function remind() {
    const made = await run((api) => createReminder(api, { orderId }));
    if (made) setReminder(made);
  }

  return (
    <div className={styles.remind}>
      <button type="button" className={orders.secondary} disabled={busy || reminder !== null} aria-busy={busy || undefined} onClick={() => void remind()}>
        {reminder ? REMINDERS_TEXT.set : busy ? REMINDERS_TEXT.reminding : REMINDERS_TEXT.remind}
      </button>
      <p className={styles.note} role="status">
        {reminder && reminderSetText(reminder)}
      </p>
      {error && (
        <p className={orders.error} role="alert">
          {REMINDERS_TEXT.couldNot(error)}
        </p>
      )}
    </div>
  );
}
