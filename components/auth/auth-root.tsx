/**
 * Where the auth dialog lives on every page. It renders nothing until the first `openAuth()`;
 * then the dialog's code loads and stays. Render it once, inside UserProvider (the layout does).
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useShell } from '@/lib/state/shell-context';
import { userStore, useUser } from '@/lib/state/user-context';
import { notify } from '@/lib/ui/notify';
import type { AuthDialogProps } from './auth-dialog';

type Props = Omit<AuthDialogProps, 'request'>;

/** The auth dialog's code and the user store it writes to (the dialog stores the user synchronously). */
export const loadAuthDialog = (businessId: string) => Promise.all([import('./auth-dialog'), userStore(businessId)]);

export function AuthRoot(props: Props) {
  const { authRequest } = useUser();
  const { businessId } = useShell();
  const [Dialog, setDialog] = useState<ComponentType<AuthDialogProps> | null>(null);

  useEffect(() => {
    if (!authRequest || Dialog) return;
    loadAuthDialog(businessId).then(
      ([m]) => setDialog(() => m.AuthDialog),
      // A later openAuth() tries again.
      () => notify('error', 'Unable to open the login form. Check your connection and try again.'),
    );
  }, [authRequest, Dialog, businessId]);

  return Dialog && authRequest ? <Dialog {...props} request={authRequest} /> : null;
}
