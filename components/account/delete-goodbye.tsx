/**
 * What the profile page shows once the account is deleted: that it is done, that an e-mail
 * confirms it, what stays (orders without personal details) and the way back to the shop. The
 * heading takes the focus, so a screen reader reads the outcome first.
 */
import { useEffect, useRef } from 'react';
import { Link } from '@/components/ui/link';
import { useShell } from '@/lib/state/shell-context';
import content from '@/components/content/content.module.css';
import frame from './account.module.css';
import styles from './forms.module.css';

export const GOODBYE_TITLE = 'Your account has been deleted';

export function DeleteGoodbye({ email }: { email: string }) {
  const { shopInfo } = useShell();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className={content.page}>
      <div className={styles.goodbye}>
        <h1 ref={heading} tabIndex={-1} className={content.title}>
          {GOODBYE_TITLE}
        </h1>
        <p>
          We have sent an e-mail to <strong className={styles.email}>{email}</strong> to confirm it. Your saved recipients, saved cart and login sessions are gone; your past
          orders stay in our books without your name or contact details.
        </p>
        <p>
          Thank you for sending flowers with {shopInfo.brandName}. You are welcome back any time, as a guest or with a new account. Anything in your cart on this device is
          still there.
        </p>
        <Link href="/" className={frame.primary}>
          Continue shopping
        </Link>
      </div>
    </main>
  );
}
