/**
 * /admin/coupons: owners and managers list the coupons with their uses, create one, change or
 * pause it, and see the orders holding it; the checkout follows from the next request. Others go
 * back to the board; not signed in: on to /admin/login. Private, never cached, never indexed.
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { CouponList } from '@/components/admin/coupons/coupon-list';
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

export default function AdminCoupons({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Coupons" brand={brand} member={staff} current="settings" wide>
      <SectionTabs section="settings" current="/admin/coupons" />
      <CouponList />
    </AdminFrame>
  );
}
