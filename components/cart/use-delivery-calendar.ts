/**
 * The delivery calendar (the days each branch is fully booked) for a date picker, asked once when
 * the picker opens. Null until it arrives, and when it cannot be had: the picker then offers every
 * day from the first bookable one, and the checkout's 409 still names a full day.
 */
import { useEffect, useState } from 'react';
import { getDeliveryCalendar } from '@/lib/api/calls';
import { useApi } from '@/lib/state/browser-api';
import type { DeliveryCalendar } from '@/lib/domain/capacity';

export function useDeliveryCalendar(): DeliveryCalendar | null {
  const getApi = useApi();
  const [calendar, setCalendar] = useState<DeliveryCalendar | null>(null);
  useEffect(() => {
    let current = true;
    getApi()
      .then((api) => getDeliveryCalendar(api))
      .then((answer) => current && setCalendar(answer))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [getApi]);
  return calendar;
}
