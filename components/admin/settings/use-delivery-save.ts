/**
 * Saving the delivery settings from one form of the delivery page: the whole document goes
 * (`PUT /admin/api/settings/delivery`) with the time the page read it; the page takes the answer
 * (the settings afterwards and their time) and the form shows the server's message or refusal.
 */
import { useState } from 'react';
import type { DeliverySettings } from '@/lib/contracts/settings';
import { useStaffCall } from '../use-staff-call';

export type DeliverySaved = { delivery: DeliverySettings; updatedAt: string | null };

export function useDeliverySave(updatedAt: string | null, onSaved: (saved: DeliverySaved) => void) {
  const { busy, error, setError, run } = useStaffCall();
  const [notice, setNotice] = useState<string | null>(null);

  /** Sends `next`; answers whether it was saved. */
  async function save(next: DeliverySettings): Promise<boolean> {
    setNotice(null);
    const answer = await run((api) => api.staffSaveDelivery(next, updatedAt));
    if (!answer) return false;
    onSaved({ delivery: answer.delivery, updatedAt: answer.updatedAt });
    setNotice(answer.message);
    return true;
  }

  return { busy, error, setError, notice, setNotice, save };
}
