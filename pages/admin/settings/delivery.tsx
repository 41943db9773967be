/**
 * /admin/settings/delivery: owners and managers change the delivery settings — zones and fees per
 * state, free-delivery threshold, smallest order, info texts, same-day cut-off, and the peak dates
 * with their own fees; the next handshake and checkout use them. Others go back to the board; not
 * signed in: on to /admin/login. Private, never cached, never indexed.
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { DeliverySettingsPage } from '@/components/admin/settings/delivery-settings';
import type { StaffMe } from '@/lib/contracts/staff';
import { getConfig } from '@/lib/server/config';
import { backOfficeVisitor } from '@/lib/server/staff-page';

type Props = { brand: string; staff: StaffMe };

export const getServerSideProps = (async ({ req, res }) => {
  const staff = await backOfficeVisitor(req, res);
  if (!staff) return { redirect: { destination: '/admin/login', permanent: false } };
  if (staff.role !== 'owner' && staff.role !== 'manager') return { redirect: { destination: '/admin', permanent: false } };
  return { props: { brand: getConfig().brandName, staff } };
}) satisfies GetServerSideProps<Props>;

export default function AdminDeliverySettings({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Delivery settings" brand={brand} member={staff} current="settings" wide>
      <SectionTabs section="settings" current="/admin/settings/delivery" />
      <DeliverySettingsPage />
    </AdminFrame>
  );
}
