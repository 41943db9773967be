/**
 * /admin/settings/capacity: owners and managers set how many orders each branch takes a day, and
 * days with their own limits (peak days lower or higher); the delivery calendar and checkout use
 * them at once. Others go back to the board; not signed in: on to /admin/login. Private, never
 * cached, never indexed.
 */
import type { InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { CapacitySettingsPage } from '@/components/admin/settings/capacity-settings';
import { managersPage } from '@/lib/server/staff-page';

export const getServerSideProps = managersPage;

export default function AdminCapacitySettings({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Delivery capacity" brand={brand} member={staff} current="settings" wide>
      <SectionTabs section="settings" current="/admin/settings/capacity" />
      <CapacitySettingsPage />
    </AdminFrame>
  );
}
