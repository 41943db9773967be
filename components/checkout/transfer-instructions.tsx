/**
 * Paying by transfer (GTBank, Lead Bank, NatWest, Bitcoin): the shop's instructions for this
 * order (`startPayment` answers them): the exact amount in the order's currency, each account or
 * address line with a copy button, and the order number to quote in bold. 'I have sent it' tells
 * the shop (`markTransferSent`); the order then waits for staff to confirm, and this device
 * forgets the checkout (cart, date, coupon and the kept order id: the cart cannot change an
 * order whose money is on its way; the checkout address still carries the order id, so a reload
 * shows the same state). <TransferSent> is that state; <PartPaid> is an order staff recorded only
 * part of the money for (the shopper contacts the shop for the rest).
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from '@/components/ui/link';
import { markTransferSent, startPayment } from '@/lib/api/calls';
import { useApi } from '@/lib/state/browser-api';
import type { Order } from '@/lib/contracts/orders';
import type { ManualInstructions } from '@/lib/contracts/payments';
import { PAYMENT_METHODS, type PaymentMethod } from '@/lib/domain/checkout';
import { formatAmount } from '@/lib/domain/money';
import { dispatchOrder, forgetCheckout } from '@/lib/state/checkout-order';
import { notify } from '@/lib/ui/notify';
import { messageOf } from './messages';
import { PAYMENT_TEXT, reloadIfChanged } from './payment-return';
import styles from './checkout.module.css';

/**
 * An amount in a currency for the shopper, with its sign and code.
 * @example moneyText(215, 'USD') // '$215 USD'
 * @example moneyText(150000.5, 'NGN') // '₦150,000.50 NGN'
 */
export function moneyText(amount: number, currency: string): string {
  return `${formatAmount(amount, currency)} ${currency}`;
}

type Loaded = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; instructions: ManualInstructions };

export function TransferInstructions({ order, method }: { order: Order; method: PaymentMethod }) {
  const getApi = useApi();
  const [loaded, setLoaded] = useState<Loaded>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      const api = await getApi();
      try {
        const start = await startPayment(api, order.id);
        if (start.kind !== 'manual') throw new Error(`${method.label} has no transfer details`);
        if (live) setLoaded({ phase: 'ready', instructions: start.instructions });
      } catch (error) {
        if (live) setLoaded({ phase: 'failed', message: messageOf(error) });
        if (live) await reloadIfChanged(api, order.id, error);
      }
    })();
    return () => {
      live = false;
    };
  }, [order.id, method.key, method.label, attempt, getApi]);

  async function sent() {
    if (sending) return;
    setSending(true);
    try {
      const updated = await markTransferSent(await getApi(), order.id);
      dispatchOrder({ type: 'setOrder', order: updated });
      await forgetCheckout();
    } catch (error) {
      notify('error', PAYMENT_TEXT.sendFailed(messageOf(error)));
      setSending(false);
    }
  }

  if (loaded.phase === 'loading') {
    return (
      <p className={styles.hint} role="status">
        Loading the transfer details…
      </p>
    );
  }
  if (loaded.phase === 'failed') {
    return (
      <div className={`${styles.notice} ${styles.noticeError}`} role="alert">
        <p>{PAYMENT_TEXT.instructionsFailed(loaded.message)}</p>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            setLoaded({ phase: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </button>
      </div>
    );
  }

  const { instructions } = loaded;
  const bitcoin = instructions.method === 'bitcoinTransfer';
  return (
    <div className={styles.payBox} aria-labelledby="transfer-title" role="region">
      <h3 id="transfer-title" className={styles.payTitle}>
        Pay by {method.label}
      </h3>
      {bitcoin ? (
        <p>
          Send the Bitcoin equivalent of exactly the amount below to our wallet address. Keep your order number <strong>{instructions.orderNumber}</strong>: it is how we match your
          payment, so quote it whenever you contact us.
        </p>
      ) : (
        <p>
          Transfer exactly the amount below to our account and quote your order number <strong>{instructions.orderNumber}</strong> as the payment reference.
        </p>
      )}
      <dl className={styles.details}>
        <div>
          <dt>Amount</dt>
          <dd>
            <strong className={styles.detailValue}>{moneyText(instructions.amount, instructions.currency)}</strong>
            <CopyButton label="Amount" value={String(instructions.amount)} />
          </dd>
        </div>
        {instructions.details.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>
              <span className={styles.detailValue}>{line.value}</span>
              {copyable(line.value) && <CopyButton label={line.label} value={line.value} />}
            </dd>
          </div>
        ))}
        <div>
          <dt>{bitcoin ? 'Your order number' : 'Reference (your order number)'}</dt>
          <dd>
            <strong className={styles.detailValue}>{instructions.orderNumber}</strong>
            <CopyButton label="order number" value={instructions.orderNumber} />
          </dd>
        </div>
      </dl>
      <p className={styles.hint}>Once the money is on its way, tell us here. We confirm it by hand and never before it arrives.</p>
      <button type="button" className={styles.primary} onClick={() => void sent()} disabled={sending} aria-busy={sending || undefined}>
        {sending ? 'Sending…' : 'I have sent it'}
      </button>
    </div>
  );
}

/** A value worth copying: an account number, a sort code, an address, a name; not a sentence. */
const copyable = (value: string) => value.length <= 40 || !/\s/.test(value);

/** Copies a detail to the clipboard and says so for a moment. */
function CopyButton({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      notify('error', 'Copying is not available here: select the text instead.');
    }
  }
  return (
    <button type="button" className={styles.copy} onClick={() => void copy()} aria-label={copied ? `${label} copied` : `Copy ${label}`}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/** The order after 'I have sent it': staff confirm the transfer; the tracker follows it. */
export function TransferSent({ order }: { order: Order }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const method = PAYMENT_METHODS.find((m) => m.key === order.paymentMethod);
  const tracker = `/order-tracker?number=${encodeURIComponent(order.orderNumber)}`;
  return (
    <section className={styles.form} aria-labelledby="checkout-stage-title">
      <h2 id="checkout-stage-title" className={styles.stageTitle} tabIndex={-1} ref={title}>
        Transfer on its way
      </h2>
      <div className={styles.notice}>
        <p>{PAYMENT_TEXT.sent}</p>
        <p className={styles.bigNumber}>
          Order number <strong>{order.orderNumber}</strong>
        </p>
        <p>
          You told us you sent <strong>{moneyText(order.amountsInCurrency.total, order.currency)}</strong>
          {method && <> by {method.label}</>}.
        </p>
      </div>
      <p>
        Follow your order on the <Link href={tracker}>order tracker</Link>: it shows &lsquo;Paid&rsquo; once we have confirmed your transfer.
      </p>
      <Link href="/" className={styles.primary}>
        Continue shopping
      </Link>
    </section>
  );
}

/** An order staff recorded part of the money for: closed to changes; the shopper contacts the shop to pay the rest. */
export function PartPaid({ order }: { order: Order }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const tracker = `/order-tracker?number=${encodeURIComponent(order.orderNumber)}`;
  return (
    <section className={styles.form} aria-labelledby="checkout-stage-title">
      <h2 id="checkout-stage-title" className={styles.stageTitle} tabIndex={-1} ref={title}>
        Part of your payment has arrived
      </h2>
      <div className={styles.notice}>
        <p>{PAYMENT_TEXT.partPaid}</p>
        <p className={styles.bigNumber}>
          Order number <strong>{order.orderNumber}</strong>
        </p>
        <p>
          Order total: <strong>{moneyText(order.amountsInCurrency.total, order.currency)}</strong>. Quote the order number when you contact us.
        </p>
      </div>
      <p>
        <Link href="/contact">Contact us</Link> · follow your order on the <Link href={tracker}>order tracker</Link>.
      </p>
    </section>
  );
}
