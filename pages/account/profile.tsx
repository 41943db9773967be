/**
 * /account/profile: the shopper's details, password, other devices and account deletion
 * (components/account/profile-sections.tsx) in the account frame; after a deletion, the goodbye
 * in its place. Private data is read in the browser with the token, and the sections' code loads
 * then too (only a logged-in shopper needs it); the page is `private, no-store`.
 */
import { lazy, Suspense, useState } from 'react';
import { Seo } from '@/components/seo/seo';
import { AccountFrame } from '@/components/account/account-frame';
import { DeleteGoodbye, GOODBYE_TITLE } from '@/components/account/delete-goodbye';
import frame from '@/components/account/account.module.css';
import { accountPage } from '@/lib/server/account-page';
import { useShell } from '@/lib/state/shell-context';

export const getServerSideProps = accountPage();

const ProfileSections = lazy(() => import('@/components/account/profile-sections').then((m) => ({ default: m.ProfileSections })));

export default function ProfilePage() {
  const { shopInfo } = useShell();
  /** The deleted account's e-mail, once deleted. */
  const [deleted, setDeleted] = useState<string | null>(null);
  const seo = (title: string) => <Seo title={`${title} | ${shopInfo.brandName}`} description="Your details, password and devices." path="/account/profile" noIndex />;

  if (deleted !== null) {
    return (
      <>
        {seo(GOODBYE_TITLE)}
        <DeleteGoodbye email={deleted} />
      </>
    );
  }
  return (
    <>
      {seo('Profile')}
      <AccountFrame current="profile" title="Profile" lead="Your details, your password and the devices you are logged in on.">
        {(user) => (
          <Suspense
            fallback={
              <p className={frame.loading} role="status">
                Loading your details…
              </p>
            }
          >
            <ProfileSections user={user} onDeleted={setDeleted} />
          </Suspense>
        )}
      </AccountFrame>
    </>
  );
}
