/**
 * /account/addresses: the shopper's address book (components/account/address-book.tsx) in the
 * account frame. The server sends the delivery settings with the page (the states and zones the
 * form offers, as the checkout does); the recipients are read in the browser with the token, and
 * the address book's code loads then too (only a logged-in shopper needs it), which keeps the
 * page's first load small. The page is per shopper: `private, no-store`.
 */
import { lazy, Suspense } from 'react';
import type { InferGetServerSidePropsType } from 'next';
import { Seo } from '@/components/seo/seo';
import { AccountFrame } from '@/components/account/account-frame';
import frame from '@/components/account/account.module.css';
import type { DeliverySettings } from '@/lib/contracts/settings';
import { accountPage } from '@/lib/server/account-page';
import { getGuestHandshake } from '@/lib/server/shell';
import { useShell } from '@/lib/state/shell-context';

type Props = { deliverySettings: DeliverySettings };

const AddressBook = lazy(() => import('@/components/account/address-book').then((m) => ({ default: m.AddressBook })));

export const getServerSideProps = accountPage<Props>(async () => ({ deliverySettings: (await getGuestHandshake()).settings.deliverySettings }));

export default function AddressesPage({ deliverySettings }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const { shopInfo } = useShell();
  return (
    <>
      <Seo title={`Address book | ${shopInfo.brandName}`} description="The recipients you send flowers to, ready to fill in at checkout." path="/account/addresses" noIndex />
      <AccountFrame current="addresses" title="Address book" lead="The people you send flowers to, ready to fill in at checkout.">
        {(user) => (
          <Suspense
            fallback={
              <p className={frame.loading} role="status">
                Loading your address book…
              </p>
            }
          >
            <AddressBook user={user} settings={deliverySettings} />
          </Suspense>
        )}
      </AccountFrame>
    </>
  );
}
