/**
 * /admin/settings/delivery: owners and managers change the delivery settings — zones and fees per
 * state, free-delivery threshold, smallest order, info texts, same-day cut-off, and the peak dates
 * with their own fees; the next handshake and checkout use them. Others go back to the board; not
 * signed in: on to /admin/login. Private, never cached, never indexed.
 */
import type { InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { DeliverySettingsPage } from '@/components/admin/settings/delivery-settings';
import { managersPage } from '@/lib/server/staff-page';

export const getServerSideProps = managersPage;

export default function AdminDeliverySettings({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Delivery settings" brand={brand} member={staff} current="settings" wide>
      <SectionTabs section="settings" current="/admin/settings/delivery" />
      <DeliverySettingsPage />
    </AdminFrame>
  );
}
