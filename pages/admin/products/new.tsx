/**
 * /admin/products/new: owners and managers add a product (every field; pictures follow on its
 * own page once it is saved). Others go back to the board; not signed in: on to /admin/login.
 * Private, never cached, never indexed.
 */
import type { InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { ProductEditor } from '@/components/admin/products/product-editor';
import { managersPage } from '@/lib/server/staff-page';

export const getServerSideProps = managersPage;

export default function NewProduct({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="New product" brand={brand} member={staff} current="products" wide>
      <SectionTabs section="products" current="/admin/products" />
      <ProductEditor id={null} />
    </AdminFrame>
  );
}
