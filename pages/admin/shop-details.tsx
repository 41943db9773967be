/**
 * /admin/shop-details: owners and managers change the branches' details (name, address, phone,
 * WhatsApp, map link, hours) and the payment details shoppers are given (bank accounts, wallet
 * e-mail, Bitcoin address); the storefront and the transfer instructions follow from the next
 * request. Others go back to the board; not signed in: on to /admin/login. Private, never cached,
 * never indexed.
 */
import type { InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { ShopDetailsForm } from '@/components/admin/shop-details/shop-details-form';
import { managersPage } from '@/lib/server/staff-page';

export const getServerSideProps = managersPage;

export default function AdminShopDetails({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Shop details" brand={brand} member={staff} current="settings" wide>
      <SectionTabs section="settings" current="/admin/shop-details" />
      <ShopDetailsForm />
    </AdminFrame>
  );
}
