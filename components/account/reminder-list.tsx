/**
 * /account/reminders: the shopper's occasion reminders ('Remind me next year' on a paid order),
 * newest first as the server answers them: whose occasion, the day it next comes round, the order
 * it came from (a link to it), and a note when the address said no to these e-mails. 'Stop' asks
 * nothing: stopping is undone by choosing 'Remind me next year' on the order again, which the
 * status line says. The reminder then leaves the list and the focus goes to the list's heading
 * (the button it was on is gone).
 */
import { useEffect, useId, useState } from 'react';
import { Link } from '@/components/ui/link';
import { getAccountReminders, stopAccountReminder } from '@/lib/api/calls';
import type { ReminderView } from '@/lib/contracts/reminders';
import type { UserRecord } from '@/lib/contracts/auth';
import { FormError } from './form-error';
import { LoadFailed } from './order-parts';
import { REMINDERS_TEXT, phraseOf, titleOf } from './reminder-texts';
import { useAccountCall, useAccountData } from './use-account-call';
import frame from './account.module.css';
import forms from './forms.module.css';
import orders from './orders.module.css';
import styles from './reminders.module.css';

function ReminderCard({ reminder: r, busy, onStop }: { reminder: ReminderView; busy: boolean; onStop(): void }) {
  return (
    <li className={forms.card}>
      <h3 className={forms.cardName}>{titleOf(r)}</h3>
      <p className={styles.when}>
        {REMINDERS_TEXT.nextOn(r.nextOn)} (from order{' '}
        <Link href={`/account/orders/${encodeURIComponent(r.orderNumber)}`} className={styles.order}>
          {r.orderNumber}
        </Link>
        )
      </p>
      {r.muted && (
        <p className={styles.muted} role="note">
          {REMINDERS_TEXT.muted}
        </p>
      )}
      <div className={forms.cardButtons}>
        <button type="button" className={forms.quiet} disabled={busy} onClick={onStop}>
          Stop<span className="visually-hidden"> the reminder for {phraseOf(r)}</span>
        </button>
      </div>
    </li>
  );
}

export function ReminderList({ user }: { user: UserRecord }) {
  const list = useAccountData(user.authToken, getAccountReminders);
  const stop = useAccountCall();
  const [status, setStatus] = useState('');
  const [refocus, setRefocus] = useState(0);
  const headingId = useId();

  useEffect(() => {
    if (refocus) document.getElementById(headingId)?.focus();
  }, [refocus, headingId]);

  if (list.loading) {
    return (
      <p className={frame.loading} role="status">
        {REMINDERS_TEXT.loading}
      </p>
    );
  }
  if (!list.data) return <LoadFailed message={list.error ?? ''} onRetry={list.reload} />;
  const reminders = list.data;

  const stopOne = async (gone: ReminderView) => {
    setStatus('');
    const done = await stop.run((api) => stopAccountReminder(api, gone.id));
    if (!done) return;
    list.set(reminders.filter((r) => r.id !== gone.id));
    setStatus(REMINDERS_TEXT.stopped(phraseOf(gone), gone.orderNumber));
    setRefocus((n) => n + 1);
  };

  return (
    <section className={styles.list} aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} tabIndex={-1} className={forms.listTitle}>
          {REMINDERS_TEXT.heading}
        </h2>
        <p className={forms.status} role="status">
          {status}
        </p>
      </div>
      <FormError message={stop.error} />
      {reminders.length === 0 ? (
        <div className={forms.empty}>
          <p>{REMINDERS_TEXT.empty}</p>
          <Link href="/account" className={orders.secondary}>
            See your orders
          </Link>
        </div>
      ) : (
        <ul className={forms.cards}>
          {reminders.map((r) => (
            <ReminderCard key={r.id} reminder={r} busy={stop.busy} onStop={() => void stopOne(r)} />
          ))}
        </ul>
      )}
    </section>
  );
}
