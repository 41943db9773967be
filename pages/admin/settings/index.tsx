/**
 * /admin/settings: owners and managers change the site-wide alert (previewed in naira, dollars
 * and pounds), the payment and product alerts, and the naira rates of the dollar and the pound;
 * shoppers see the change on their next request. Others go back to the board; not signed in: on
 * to /admin/login. Private, never cached, never indexed.
 */
import type { InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { AlertsAndRates } from '@/components/admin/settings/alerts-rates';
import { managersPage } from '@/lib/server/staff-page';

export const getServerSideProps = managersPage;

export default function AdminSettings({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Alerts & rates" brand={brand} member={staff} current="settings" wide>
      <SectionTabs section="settings" current="/admin/settings" />
      <AlertsAndRates />
    </AdminFrame>
  );
}
