/**
 * /admin/shop-details: the branches (name, address, phone, WhatsApp, map link, hours) and the
 * payment details shoppers are given, in one form (`GET` and `PUT /admin/api/shop-details`: the
 * whole document is saved). Until the first save the page says that the server's environment
 * supplies them. The save says what the page read (`basedOn`): someone else's save since then is
 * refused (409) rather than undone. The server checks every field: its refusal shows above the Save button (the
 * field named by its group and label, not its path), and the field is marked and focused. lib/api/staff.ts loads with the page.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type * as StaffCalls from '@/lib/api/staff';
import type { ShopDetails, ShopDetailsAnswer } from '@/lib/contracts/shop-details';
import { lagosDateTime } from '../order/order-text';
import { useStaffCall } from '../use-staff-call';
import { DetailFieldset } from './detail-fieldset';
import { BRANCH_GROUPS, fieldNamed, PAYMENT_GROUPS, readableRefusal, sameDetails, withValue } from './shop-details-text';
import admin from '../admin.module.css';
import styles from './shop-details.module.css';

type Load = { state: 'loading' } | { state: 'ready'; answer: ShopDetailsAnswer } | { state: 'failed'; message: string };

const calls = (): Promise<typeof StaffCalls> => import('@/lib/api/staff');

export function ShopDetailsForm() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [values, setValues] = useState<ShopDetails | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, run } = useStaffCall();
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    let current = true;
    calls()
      .then((api) => api.staffShopDetails())
      .then(
        (answer) => {
          if (!current) return;
          setLoad({ state: 'ready', answer });
          setValues(answer.details);
        },
        (failure: unknown) => current && setLoad({ state: 'failed', message: failure instanceof Error && failure.message ? failure.message : 'The shop details could not be loaded.' }),
      );
    return () => {
      current = false;
    };
  }, []);

  const bad = fieldNamed(error);
  // The field the server named gets the focus, so that a person sees what to fix.
  useEffect(() => {
    if (bad) form.current?.querySelector<HTMLInputElement>(`[data-path="${bad}"]`)?.focus();
  }, [bad, error]);

  if (load.state === 'loading') return <p className={styles.muted}>Loading…</p>;
  if (load.state === 'failed' || !values) {
    return (
      <p className={admin.error} role="alert">
        {load.state === 'failed' ? load.message : 'The shop details could not be loaded.'}
      </p>
    );
  }

  const { answer } = load;
  const unchanged = sameDetails(values, answer.details);
  const edit = (path: string, value: string) => {
    setNotice(null);
    setValues((v) => (v ? withValue(v, path, value) : v));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values) return;
    const saved = await run((api) => api.staffSaveShopDetails(values, answer.updatedAt ?? 'environment'));
    if (!saved) return;
    setLoad({ state: 'ready', answer: saved.answer });
    setValues(saved.answer.details);
    setNotice(`${saved.message}. The shop shows them from the next page a shopper opens.`);
  }

  return (
    <form ref={form} className={styles.form} onSubmit={(e) => void submit(e)} aria-labelledby="shop-details-title" noValidate>
      <div className={styles.head}>
        <h1 className={styles.title} id="shop-details-title">
          Shop details
        </h1>
        <p className={styles.muted}>
          {answer.stored && answer.updatedAt
            ? `Last saved ${lagosDateTime(answer.updatedAt)}. Shown on the storefront, at checkout and in the transfer instructions.`
            : "These come from the server's environment until you save them here; the first save keeps them all in the shop's settings."}
        </p>
      </div>
      <section className={styles.section} aria-labelledby="branches-title">
        <h2 className={styles.sectionTitle} id="branches-title">
          Branches
        </h2>
        <div className={styles.groups}>
          {BRANCH_GROUPS.map((group) => (
            <DetailFieldset key={group.key} group={group} details={values} invalid={bad} onValue={edit} />
          ))}
        </div>
      </section>
      <section className={styles.section} aria-labelledby="payment-title">
        <h2 className={styles.sectionTitle} id="payment-title">
          Payment details
        </h2>
        <div className={styles.groups}>
          {PAYMENT_GROUPS.map((group) => (
            <DetailFieldset key={group.key} group={group} details={values} invalid={bad} onValue={edit} />
          ))}
        </div>
      </section>
      <div className={styles.footer}>
        {error && (
          <p className={admin.error} role="alert">
            {readableRefusal(error)}
          </p>
        )}
        {notice && (
          <p className={admin.notice} role="status">
            {notice}
          </p>
        )}
        <div className={styles.buttons}>
          <button type="submit" className={admin.primary} disabled={busy || unchanged}>
            {busy ? 'Saving…' : 'Save shop details'}
          </button>
          <button type="button" className={admin.secondary} disabled={busy || unchanged} onClick={() => setValues(answer.details)}>
            Undo changes
          </button>
        </div>
      </div>
    </form>
  );
}
