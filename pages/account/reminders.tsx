/**
 * /account/reminders: the shopper's occasion reminders (components/account/reminder-list.tsx) in
 * the account frame. The reminders are read in the browser with the token, and the list's code
 * loads then too (only a logged-in shopper needs it), keeping the page's first load small. The
 * page is per shopper: `private, no-store`.
 */
import { lazy, Suspense } from 'react';
import { Seo } from '@/components/seo/seo';
import { AccountFrame } from '@/components/account/account-frame';
import frame from '@/components/account/account.module.css';
import { accountPage } from '@/lib/server/account-page';
import { useShell } from '@/lib/state/shell-context';

export const getServerSideProps = accountPage();

const ReminderList = lazy(() => import('@/components/account/reminder-list').then((m) => ({ default: m.ReminderList })));

export default function RemindersPage() {
  const { shopInfo } = useShell();
  return (
    <>
      <Seo title={`Reminders | ${shopInfo.brandName}`} description="The occasions we remind you of a week and a day before." path="/account/reminders" noIndex />
      <AccountFrame current="reminders" title="Reminders" lead="Birthdays, anniversaries and other days you asked us to remember: we e-mail you a week and a day before each one.">
        {(user) => (
          <Suspense
            fallback={
              <p className={frame.loading} role="status">
                Loading your reminders…
              </p>
            }
          >
            <ReminderList user={user} />
          </Suspense>
        )}
      </AccountFrame>
    </>
  );
}
