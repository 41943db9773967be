/** Hosts the toasts raised with `notify()`; react-toastify loads on the first toast. */
import { useEffect, useState } from 'react';
import type * as ToastifyModule from 'react-toastify';
import { onToast } from '@/lib/ui/notify';

type Toastify = typeof ToastifyModule;

export function Toasts() {
  const [lib, setLib] = useState<Toastify | null>(null);

  useEffect(() => {
    onToast((toast) => {
      void import('react-toastify').then((m) => {
        setLib(m);
        // Toasts raised before the container mounts are queued by react-toastify.
        if (!toast) m.toast.dismiss();
        else m.toast[toast.kind](toast.content, { autoClose: toast.autoClose, toastId: toast.id });
      });
    });
    return () => onToast(null);
  }, []);

  return lib ? <lib.ToastContainer position="top-center" newestOnTop limit={1} closeOnClick theme="colored" /> : null;
}
