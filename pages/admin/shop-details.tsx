/**
 * /admin/shop-details: owners and managers change the branches' details (name, address, phone,
 * WhatsApp, map link, hours) and the payment details shoppers are given (bank accounts, wallet
 * e-mail, Bitcoin address); the storefront and the transfer instructions follow from the next
 * request. Others go back to the board; not signed in: on to /admin/login. Private, never cached,
 * never indexed.
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { ShopDetailsForm } from '@/components/admin/shop-details/shop-details-form';
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

export default function AdminShopDetails({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Shop details" brand={brand} member={staff} current="settings" wide>
      <SectionTabs section="settings" current="/admin/shop-details" />
      <ShopDetailsForm />
    </AdminFrame>
  );
}
