/**
 * /pay/{token}: the pay link e-mailed to a sender when the shop asks for more after the order was
 * paid (a redelivery fee, the fee difference of a changed delivery, a quoted fee for another
 * state). Back from the provider (`?reference=…`), the payment is verified here on the server
 * before the page renders. The link is its own secret: the page is never cached or indexed and
 * never sends it on as a referrer.
 */
import type { InferGetServerSidePropsType } from 'next';
import { PageHeader } from '@/components/content/page-header';
import { PayCharge } from '@/components/pay/pay-charge';
import { Seo } from '@/components/seo/seo';
import type { ChargeOutcome, ChargeView } from '@/lib/contracts/charges';
import { getCharge, verifyCharge } from '@/lib/api/calls';
import { methodLabel } from '@/lib/domain/checkout';
import { serverApi } from '@/lib/server/page-api';
import { withShell } from '@/lib/server/shell';
import content from '@/components/content/content.module.css';
import { useShell } from '@/lib/state/shell-context';

type Props = { token: string; charge: ChargeView | null; outcome: ChargeOutcome | null; error: string | null; methodLabels: Record<string, string> };

/** The charge's payment methods by name, as page data: the payment-method table stays on the server. */
const labelsOf = (charge: ChargeView) => Object.fromEntries(charge.methods.map((method) => [method, methodLabel(method)]));

const NOT_FOUND = 'This payment link is not valid. Please use the link in your latest e-mail, or contact us.';

export const getServerSideProps = withShell<Props>(async (ctx) => {
  ctx.res.setHeader('Cache-Control', 'private, no-store');
  ctx.res.setHeader('Referrer-Policy', 'no-referrer');
  const token = typeof ctx.params?.token === 'string' ? ctx.params.token.slice(0, 100) : '';
  const query = Object.fromEntries(Object.entries(ctx.query).flatMap(([k, v]) => (k !== 'token' && typeof v === 'string' ? [[k, v.slice(0, 500)]] : [])));
  try {
    if (query.reference) {
      const { charge, ...outcome } = await verifyCharge(serverApi(), token, query.reference, query);
      return { props: { token, charge, outcome, error: null, methodLabels: labelsOf(charge) } };
    }
    const charge = await getCharge(serverApi(), token);
    return { props: { token, charge, outcome: null, error: null, methodLabels: labelsOf(charge) } };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404) ctx.res.statusCode = 404;
    return { props: { token, charge: null, outcome: null, error: status === 404 ? NOT_FOUND : 'We could not load this payment. Please try again in a moment.', methodLabels: {} } };
  }
});

export default function PayPage({ token, charge, outcome, error, methodLabels }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const shell = useShell();
  return (
    <main className={content.page}>
      <Seo title={`Pay for your order | ${shell.shopInfo.brandName}`} description="Pay a fee for your flower order." path="/pay" noIndex />
      <PageHeader eyebrow="Payment" title={charge ? `Order ${charge.orderNumber}` : 'Payment link'} lead={charge?.status === 'due' ? 'Your order needs one more payment. Pay securely with a card below.' : undefined} />
      {charge ? (
        <PayCharge token={token} charge={charge} outcome={outcome} methodLabels={methodLabels} />
      ) : (
        <p className={content.lead} role="alert">
          {error}
        </p>
      )}
    </main>
  );
}
