/**
 * /unsubscribe?t={token}: where an e-mail's unsubscribe link leads a person (mail programs use the
 * one-click address in the headers instead, lib/server/mail/opt-out.ts). It says what the link
 * is about and to which (masked) address, and offers two buttons: this kind of e-mail, or all
 * such e-mails. A plain form: it works without JavaScript, and opening the link changes nothing
 * (mail scanners open links). The link is its own secret: never cached, indexed or sent to another
 * site as a referrer.
 */
import type { InferGetServerSidePropsType } from 'next';
import { PageHeader } from '@/components/content/page-header';
import { Seo } from '@/components/seo/seo';
import { getUnsubscribe } from '@/lib/api/calls';
import { ALL_TOPICS_NOTE, ALL_TOPICS_TEXT, type UnsubscribeView } from '@/lib/contracts/unsubscribe';
import { serverApi } from '@/lib/server/page-api';
import { withShell } from '@/lib/server/shell';
import content from '@/components/content/content.module.css';
import styles from './mail-link.module.css';
import { useShell } from '@/lib/state/shell-context';

type Props = { token: string; view: UnsubscribeView | null; error: string | null; done: 'this' | 'all' | null };

export const getServerSideProps = withShell<Props>(async (ctx) => {
  ctx.res.setHeader('Cache-Control', 'private, no-store');
  // Not 'no-referrer': with it the browser sends `Origin: null` with the form, which the API refuses.
  ctx.res.setHeader('Referrer-Policy', 'same-origin');
  const token = typeof ctx.query.t === 'string' ? ctx.query.t.slice(0, 600) : '';
  const done = ctx.query.done === 'this' || ctx.query.done === 'all' ? ctx.query.done : null;
  try {
    return { props: { token, view: await getUnsubscribe(serverApi(), token), error: null, done } };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 400) ctx.res.statusCode = 400;
    const message = status === 400 ? (error as Error).message : 'We could not open this link just now. Please try again in a moment.';
    return { props: { token, view: null, error: message, done: null } };
  }
});

function doneText(view: UnsubscribeView, done: 'this' | 'all'): string {
  return `Done: we will send ${view.email} no more ${done === 'all' || view.optedOutOfAll ? ALL_TOPICS_TEXT : view.about}.`;
}

export default function UnsubscribePage({ token, view, error, done }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const shell = useShell();
  const action = `/v1/mail/unsubscribe?t=${encodeURIComponent(token)}&to=page`;
  return (
    <main className={content.page}>
      <Seo title={`Unsubscribe | ${shell.shopInfo.brandName}`} description="Choose which e-mails you get from us." path="/unsubscribe" noIndex />
      <PageHeader eyebrow="E-mails" title="Unsubscribe" />
      <div className={styles.card}>
        {!view ? (
          <p role="alert">{error}</p>
        ) : done || view.optedOutOfAll ? (
          <>
            <p className={styles.done} role="status">
              {doneText(view, done ?? 'all')}
            </p>
            {!view.optedOutOfAll && (
              <form method="post" action={action}>
                <p>
                  You can also stop all {ALL_TOPICS_TEXT}. {ALL_TOPICS_NOTE}
                </p>
                <button type="submit" name="scope" value="all" className={styles.secondary}>
                  Unsubscribe from all
                </button>
              </form>
            )}
          </>
        ) : (
          <form method="post" action={action}>
            <p>
              Stop sending {view.about} to <strong>{view.email}</strong>?
            </p>
            {view.optedOut && <p>You unsubscribed from these already.</p>}
            <div className={styles.actions}>
              <button type="submit" name="scope" value="this" className={styles.primary}>
                Unsubscribe
              </button>
              <button type="submit" name="scope" value="all" className={styles.secondary}>
                Unsubscribe from all
              </button>
            </div>
            <p>
              &ldquo;All&rdquo; means every one of our {ALL_TOPICS_TEXT}. {ALL_TOPICS_NOTE}
            </p>
          </form>
        )}
      </div>
    </main>
  );
}
