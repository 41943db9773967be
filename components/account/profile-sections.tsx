/**
 * /account/profile's body for the logged-in shopper: the profile read with the token, then the
 * details form, the password change, other devices and, set apart, the danger zone.
 */
import { getProfile } from '@/lib/api/calls';
import type { UserRecord } from '@/lib/contracts/auth';
import { DeleteAccount } from './delete-account';
import { OtherDevices } from './other-devices';
import { PasswordChange } from './password-change';
import { ProfileForm } from './profile-form';
import { useAccountData } from './use-account-call';
import frame from './account.module.css';
import styles from './forms.module.css';

type Props = { user: UserRecord; onDeleted(email: string): void };

export function ProfileSections({ user, onDeleted }: Props) {
  // Keyed by the e-mail, not the token: a password change (new token) keeps the page as it is.
  const profile = useAccountData(user.email, getProfile);
  const data = profile.data;

  if (profile.loading) {
    return (
      <p className={frame.loading} role="status">
        Loading your details…
      </p>
    );
  }
  if (!data) {
    return (
      <div className={frame.panel}>
        <p role="alert">{profile.error}</p>
        <button type="button" className={frame.secondary} onClick={profile.reload}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className={styles.stack}>
      <ProfileForm profile={data} onSaved={profile.set} />
      <PasswordChange hasPassword={data.hasPassword} onChanged={() => profile.set({ ...data, hasPassword: true })} />
      <OtherDevices />
      <DeleteAccount email={data.email} hasPassword={data.hasPassword} onDeleted={onDeleted} />
    </div>
  );
}
