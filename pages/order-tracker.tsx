/**
 * /order-tracker ('Track' in the main navigation): look an order up by its number, and with the
 * checkout e-mail see the delivery details and leave a review. A query with a number is looked
 * up here on the server, so the GET form works without JavaScript; such answers can hold personal
 * data and are never cached (`private, no-store`). Without a query the page is the same for all.
 */
import type { GetServerSidePropsContext, InferGetServerSidePropsType } from 'next';
import { PageHeader } from '@/components/content/page-header';
import { OrderTracker } from '@/components/order-tracker/order-tracker';
import { cleanOrderNumber, lookupErrorMessage } from '@/components/order-tracker/texts';
import { Seo } from '@/components/seo/seo';
import type { TrackedOrder } from '@/lib/contracts/orders';
import { getOrderByNumber } from '@/lib/api/calls';
import { serverApi } from '@/lib/server/page-api';
import { getConfig } from '@/lib/server/config';
import { forwardedFor } from '@/lib/server/security/client-ip';
import { withShell } from '@/lib/server/shell';
import { TRACKER_PAGE_TEXTS, type TrackerPageTexts } from '@/lib/content/tracker-texts';
import content from '@/components/content/content.module.css';
import { useShell } from '@/lib/state/shell-context';

const PERSONAL_CACHE_CONTROL = 'private, no-store';

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? '';


type Answer = { number: string; email: string; result: TrackedOrder | null; error: string | null };
// The page's texts travel as page data (lib/content/tracker-texts.ts says why).
type Props = Answer & { texts: TrackerPageTexts };

export const getServerSideProps = withShell<Props>(async (ctx) => ({ props: { ...(await lookUp(ctx)), texts: TRACKER_PAGE_TEXTS } }));

async function lookUp(ctx: GetServerSidePropsContext): Promise<Answer> {
  const number = cleanOrderNumber(first(ctx.query.number));
  const email = first(ctx.query.email).slice(0, 254);
  if (!number && !email) return { number, email, result: null, error: null };
  ctx.res.setHeader('Cache-Control', PERSONAL_CACHE_CONTROL);
  if (!number) return { number, email, result: null, error: null };
  try {
    // The API counts misses per address: it must see the shopper's, not this server's.
    const headers = forwardedFor(ctx.req, getConfig().trustProxy);
    const result = await getOrderByNumber(serverApi(), number, email || undefined, headers);
    return { number, email, result, error: null };
  } catch (error) {
    return { number, email, result: null, error: lookupErrorMessage(error, TRACKER_PAGE_TEXTS) };
  }
}

export default function OrderTrackerPage({ number, email, result, error, texts }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const shell = useShell();
  return (
    <main className={content.page}>
      <Seo title={`Track your order | ${shell.shopInfo.brandName}`} description={texts.description} path="/order-tracker" noIndex={Boolean(number || email)} />
      <PageHeader eyebrow="Track" title="Track your order" lead={texts.lead} />
      <OrderTracker number={number} email={email} result={result} error={error} texts={texts} />
    </main>
  );
}
