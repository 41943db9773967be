/**
 * /remind?t={token}: the payment e-mail's 'Remind me next year' link. It names the order and the
 * occasion, and one press asks for the reminder (components/reminders/remind-me.tsx); opening
 * the link changes nothing (mail scanners open links). Never cached or indexed; the link is its
 * own key, so it is not sent to other sites as a referrer.
 */
import type { InferGetServerSidePropsType } from 'next';
import { PageHeader } from '@/components/content/page-header';
import { RemindMe } from '@/components/reminders/remind-me';
import { Seo } from '@/components/seo/seo';
import { getReminderOffer } from '@/lib/api/calls';
import type { ReminderOffer } from '@/lib/contracts/reminders';
import { serverApi } from '@/lib/server/page-api';
import { withShell } from '@/lib/server/shell';
import content from '@/components/content/content.module.css';
import styles from './mail-link.module.css';
import { useShell } from '@/lib/state/shell-context';

type Props = { token: string; offer: ReminderOffer | null; error: string | null };

export const getServerSideProps = withShell<Props>(async (ctx) => {
  ctx.res.setHeader('Cache-Control', 'private, no-store');
  ctx.res.setHeader('Referrer-Policy', 'same-origin');
  const token = typeof ctx.query.t === 'string' ? ctx.query.t.slice(0, 600) : '';
  try {
    return { props: { token, offer: await getReminderOffer(serverApi(), token), error: null } };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 400 || status === 404 || status === 409) ctx.res.statusCode = status;
    return { props: { token, offer: null, error: status ? (error as Error).message : 'We could not open this link just now. Please try again in a moment.' } };
  }
});

export default function RemindPage({ token, offer, error }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const shell = useShell();
  return (
    <main className={content.page}>
      <Seo title={`Remind me next year | ${shell.shopInfo.brandName}`} description="An e-mail before the occasion comes round again." path="/remind" noIndex />
      <PageHeader eyebrow="Reminders" title="Remind me next year" />
      <div className={styles.card}>
        {offer ? (
          <>
            <p>
              Order <strong>{offer.orderNumber}</strong>
            </p>
            <RemindMe
              token={token}
              occasion={offer.occasion}
              recipientName={offer.recipientName}
              already={offer.already ? { id: '', occasion: offer.occasion, recipientName: offer.recipientName, nextOn: offer.nextOn, orderNumber: offer.orderNumber, muted: false } : null}
            />
          </>
        ) : (
          <p role="alert">{error}</p>
        )}
      </div>
    </main>
  );
}
