/**
 * /send-again?t={token}: the occasion reminder e-mail's 'Send it again'. It shows last year's
 * order as it would go in the cart today (today's prices in the shopper's currency; a sold-out
 * item swapped for the closest match in its category, said plainly before anything happens),
 * and one press puts it in the cart (merged by SKU, as 'Order again' does) and opens the cart.
 * Never cached or indexed; the link is its own key.
 */
import { useState } from 'react';
import type { InferGetServerSidePropsType } from 'next';
import { PageHeader } from '@/components/content/page-header';
import { reorderChangeText } from '@/components/account/reorder-text';
import { reminderPhrase } from '@/lib/domain/reminders';
import { Seo } from '@/components/seo/seo';
import { getReminderRefill } from '@/lib/api/calls';
import type { ReminderRefill } from '@/lib/contracts/reminders';
import { cartCount } from '@/lib/domain/cart';
import { formatCartDate } from '@/lib/domain/dates';
import { serverApi } from '@/lib/server/page-api';
import { withShell } from '@/lib/server/shell';
import { useCart } from '@/lib/state/cart-context';
import { useCurrency } from '@/lib/state/currency-context';
import content from '@/components/content/content.module.css';
import styles from './mail-link.module.css';
import { useShell } from '@/lib/state/shell-context';

type Props = { refill: ReminderRefill | null; error: string | null };

export const getServerSideProps = withShell<Props>(async (ctx) => {
  ctx.res.setHeader('Cache-Control', 'private, no-store');
  ctx.res.setHeader('Referrer-Policy', 'same-origin');
  const token = typeof ctx.query.t === 'string' ? ctx.query.t.slice(0, 600) : '';
  try {
    return { props: { refill: await getReminderRefill(serverApi(), token), error: null } };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 400 || status === 404) ctx.res.statusCode = status;
    return { props: { refill: null, error: status ? (error as Error).message : 'We could not open this link just now. Please try again in a moment.' } };
  }
});

export const SEND_AGAIN_TEXT = {
  button: 'Put these in my cart',
  added: (n: number) => `${n} ${n === 1 ? 'item is' : 'items are'} in your cart. Choose the delivery day there.`,
  nothing: 'Nothing from last year’s order is sold now. Browse the shop for something new.',
} as const;

function Refill({ refill }: { refill: ReminderRefill }) {
  const cart = useCart();
  const { price } = useCurrency();
  const [added, setAdded] = useState<number | null>(null);
  const { reminder, cartItems, changes } = refill;

  async function putInCart() {
    await cart.mergeServerItems(cartItems);
    setAdded(cartCount(cartItems));
    cart.setOpen(true);
  }

  return (
    <>
      <p>
        {reminderPhrase(reminder.occasion, reminder.recipientName)} is on <strong>{formatCartDate(reminder.nextOn)}</strong>. Last year you sent (order {reminder.orderNumber}):
      </p>
      {cartItems.length > 0 ? (
        <ul className={styles.items}>
          {cartItems.map((item) => (
            <li key={item.SKU}>
              <img src={item.image.src} alt="" width={56} height={56} loading="lazy" />
              <span>
                {item.quantity} × {item.name}
                {item.size && ` (${item.size})`}
                {item.design && ` with ${item.design.title}`}
              </span>
              <strong>{price((item.price + (item.design?.price ?? 0)) * item.quantity)}</strong>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status">{SEND_AGAIN_TEXT.nothing}</p>
      )}
      {changes.length > 0 && (
        <ul className={styles.changes} aria-label="What changed since last year">
          {changes.map((change) => (
            <li key={`${change.kind}-${change.name}-${change.size ?? ''}`}>{reorderChangeText(change, price)}</li>
          ))}
        </ul>
      )}
      {cartItems.length > 0 && (
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => void putInCart()}>
            {SEND_AGAIN_TEXT.button}
          </button>
          <p role="status">{added !== null && SEND_AGAIN_TEXT.added(added)}</p>
        </div>
      )}
    </>
  );
}

export default function SendAgainPage({ refill, error }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const shell = useShell();
  return (
    <main className={content.page}>
      <Seo title={`Send it again | ${shell.shopInfo.brandName}`} description="Last year's order, at today's prices." path="/send-again" noIndex />
      <PageHeader eyebrow="Reminders" title="Send it again" />
      <div className={styles.card}>{refill ? <Refill refill={refill} /> : <p role="alert">{error}</p>}</div>
    </main>
  );
}
