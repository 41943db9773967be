/**
 * The order tracker: the lookup form and its answer. The page renders the first answer on the
 * server (a GET to /order-tracker?number=…&email=… works without JavaScript); with JavaScript a
 * lookup loads the API client on first use, shows the answer in place and writes the query into
 * the URL (shallow, so the page's server side does not run again).
 */
import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import type { TrackedOrder } from '@/lib/contracts/orders';
import { useShell } from '@/lib/state/shell-context';
import { TrackerForm } from './tracker-form';
import { TrackedOrderView } from './tracked-order';
import { cleanOrderNumber, lookupErrorMessage, type OrderViewTexts } from './texts';
import styles from './order-tracker.module.css';

export type TrackerAnswer = { result: TrackedOrder | null; error: string | null };
type Props = TrackerAnswer & { number: string; email: string; texts: OrderViewTexts };

export function OrderTracker({ number, email, result, error, texts }: Props) {
  const router = useRouter();
  const { businessId } = useShell();
  const [answer, setAnswer] = useState<TrackerAnswer & { fresh: boolean }>({ result, error, fresh: false });
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);

  // After a lookup in the page, move to its answer (screen readers then read it).
  useEffect(() => {
    if (answer.fresh) (answer.result ? heading : alert).current?.focus();
  }, [answer]);

  async function lookup(typed: string, emailTyped: string) {
    const orderNumber = cleanOrderNumber(typed);
    setBusy(true);
    let next: TrackerAnswer;
    try {
      // The API client loads with the first lookup, not with the page.
      const [{ getOrderByNumber }, { browserApi }] = await Promise.all([import('@/lib/api/calls'), import('@/lib/state/browser-api')]);
      const api = await browserApi(businessId);
      next = { result: await getOrderByNumber(api, orderNumber, emailTyped || undefined), error: null };
    } catch (failure) {
      next = { result: null, error: lookupErrorMessage(failure, texts) };
    }
    setBusy(false);
    setAnswer({ ...next, fresh: true });
    const query = new URLSearchParams({ number: orderNumber, ...(emailTyped ? { email: emailTyped } : {}) });
    void router.replace(`/order-tracker?${query.toString()}`, undefined, { shallow: true, scroll: false });
  }

  return (
    <>
      <div className={styles.lookup}>
        <TrackerForm number={number} email={email} busy={busy} onLookup={(n, e) => void lookup(n, e)} texts={texts} />
      </div>
      {answer.error && (
        <p ref={alert} tabIndex={-1} className={styles.alert} role="alert">
          {answer.error}
        </p>
      )}
      {answer.result && (
        <TrackedOrderView key={`${answer.result.orderNumber}|${answer.result.verified}|${answer.result.status}`} order={answer.result} headingRef={heading} texts={texts} />
      )}
    </>
  );
}
