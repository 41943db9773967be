/**
 * /admin/coupons: owners and managers list the coupons with their uses, create one, change or
 * pause it, and see the orders holding it; the checkout follows from the next request. Others go
 * back to the board; not signed in: on to /admin/login. Private, never cached, never indexed.
 */
import type { InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { CouponList } from '@/components/admin/coupons/coupon-list';
import { managersPage } from '@/lib/server/staff-page';

export const getServerSideProps = managersPage;

export default function AdminCoupons({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Coupons" brand={brand} member={staff} current="settings" wide>
      <SectionTabs section="settings" current="/admin/coupons" />
      <CouponList />
    </AdminFrame>
  );
}
