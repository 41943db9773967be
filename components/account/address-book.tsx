/**
 * /account/addresses: the shopper's saved recipients as cards, most recently saved first, with
 * 'Add a recipient', Edit (the same form, above the list) and Delete (after 'Are you sure?').
 * Every change is also written into the stored user record's `recipients`, so the checkout's
 * picker offers the same list without a new login; the list the server answers on opening the
 * page replaces the stored one too (a recipient saved on another device shows at checkout).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { deleteRecipient, getRecipients } from '@/lib/api/calls';
import type { SavedRecipient } from '@/lib/contracts/account';
import type { UserRecord } from '@/lib/contracts/auth';
import type { DeliverySettings } from '@/lib/contracts/settings';
// Loaded only once a user is known, like the user store itself: its update is imported directly.
import { update } from '@/lib/state/user-store';
import { notify } from '@/lib/ui/notify';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { AddressCard, cardHeadingId } from './address-card';
import { RecipientForm } from './recipient-form';
import { useAccountCall, useAccountData } from './use-account-call';
import { FormError } from './form-error';
import frame from './account.module.css';
import styles from './forms.module.css';

export const ADDRESS_BOOK_TEXT = {
  added: (name: string) => `${name} has been added to your address book`,
  updated: (name: string) => `${name} has been updated`,
  deleted: (name: string) => `${name} has been deleted from your address book`,
  empty:
    "You have no saved recipients yet. Tick 'Save this address' at checkout and the recipient appears here, ready to fill in your next order in one go. You can also add one now.",
};

/** What gets the focus after a change: an element by id, or the element that opened the form. */
type Focus = { id: string } | { element: HTMLElement | null; fallback: string };

export function AddressBook({ user, settings }: { user: UserRecord; settings: DeliverySettings }) {
  const list = useAccountData(user.email, getRecipients);
  const remove = useAccountCall();
  const [editing, setEditing] = useState<{ recipient: SavedRecipient | null } | null>(null);
  const [doomed, setDoomed] = useState<SavedRecipient | null>(null);
  const [focus, setFocus] = useState<Focus | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const listId = useId();
  const addId = useId();
  const recipients = list.data;
  const config = settings.baseConfig;

  // The stored record follows what the server answered.
  useEffect(() => {
    if (recipients && JSON.stringify(recipients) !== JSON.stringify(user.recipients)) update({ recipients });
  }, [recipients, user.recipients]);

  useEffect(() => {
    if (!focus) return;
    const target = 'id' in focus ? document.getElementById(focus.id) : focus.element?.isConnected ? focus.element : document.getElementById(focus.fallback);
    target?.focus();
  }, [focus]);

  if (list.loading) {
    return (
      <p className={frame.loading} role="status">
        Loading your address book…
      </p>
    );
  }
  if (!recipients) {
    return (
      <div className={frame.panel}>
        <p role="alert">{list.error}</p>
        <button type="button" className={frame.secondary} onClick={list.reload}>
          Try again
        </button>
      </div>
    );
  }

  const commit = (next: SavedRecipient[]) => {
    list.set(next);
    update({ recipients: next });
  };
  const open = (recipient: SavedRecipient | null) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing({ recipient });
  };
  const saved = (entry: SavedRecipient) => {
    commit([entry, ...recipients.filter((r) => r.id !== entry.id)]);
    notify('success', editing?.recipient ? ADDRESS_BOOK_TEXT.updated(entry.name) : ADDRESS_BOOK_TEXT.added(entry.name));
    setEditing(null);
    setFocus({ id: cardHeadingId(entry.id) });
  };
  const confirmDelete = async () => {
    const gone = doomed;
    setDoomed(null);
    if (!gone) return;
    const done = await remove.run((api) => deleteRecipient(api, gone.id));
    if (!done) return;
    commit(recipients.filter((r) => r.id !== gone.id));
    if (editing?.recipient?.id === gone.id) setEditing(null);
    notify('success', ADDRESS_BOOK_TEXT.deleted(gone.name));
    setFocus({ id: listId });
  };

  // A full address book is the server's to say (409), beside the form.
  const canAdd = !editing;
  const addButton = (
    <button type="button" id={addId} className={frame.primary} onClick={() => open(null)}>
      Add a recipient
    </button>
  );

  return (
    <div className={styles.stack}>
      {editing && (
        <RecipientForm
          key={editing.recipient?.id ?? 'new'}
          recipient={editing.recipient}
          settings={settings}
          onSaved={saved}
          onCancel={() => {
            setEditing(null);
            // 'Add a recipient' is hidden while the form is open: it is back after the render.
            setFocus(editing.recipient ? { element: opener.current, fallback: listId } : { id: addId });
          }}
        />
      )}
      <section aria-labelledby={listId}>
        <div className={styles.listHead}>
          <h2 id={listId} tabIndex={-1} className={styles.listTitle}>
            Saved recipients
          </h2>
          {canAdd && recipients.length > 0 && addButton}
        </div>
        <FormError message={remove.error} />
        {recipients.length === 0 ? (
          <div className={styles.empty}>
            <p>{ADDRESS_BOOK_TEXT.empty}</p>
            {canAdd && addButton}
          </div>
        ) : (
          <ul className={styles.cards}>
            {recipients.map((r) => (
              <AddressCard key={r.id} recipient={r} config={config} onEdit={() => open(r)} onDelete={() => setDoomed(r)} />
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={doomed !== null}
        title="Delete this recipient?"
        body={doomed ? `${doomed.name} will be removed from your address book. Orders already placed keep their details.` : ''}
        onYes={() => void confirmDelete()}
        onNo={() => setDoomed(null)}
      />
    </div>
  );
}
