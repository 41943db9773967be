/**
 * Whether the order page offers staff to change an order's delivery (lib/domain/delivery-change.ts),
 * and the zones they choose from: the zones of the order's state in the base delivery settings.
 * Kept apart from delivery-change.ts, which reads the order through staff-order.ts (that module
 * reads this one: no cycle).
 */
import type { Db } from '@/lib/server/db/client';
import type { OrderRow } from '@/lib/server/services/orders/rows';
import { readSettings } from '@/lib/server/services/settings';
import type { StaffOrder } from '@/lib/contracts/backoffice';
import { roleHandlesCharges } from '@/lib/domain/backoffice';
import { deliveryChangeRefusal } from '@/lib/domain/delivery-change';
import type { StaffRole } from '@/lib/domain/staff';

/** The offer to change the delivery for an owner or manager when the order allows it; undefined otherwise. */
export async function deliveryChangeOffer(db: Db, order: OrderRow, role: StaffRole): Promise<StaffOrder['deliveryChange']> {
  if (!roleHandlesCharges(role) || deliveryChangeRefusal(order)) return undefined;
  const { delivery } = await readSettings(db);
  const state = delivery.baseConfig.stateDeliveryZones.find((s) => s.state === order.state);
  return { zones: (state?.zones ?? []).map((z) => ({ name: z.name, label: z.label })) };
}
