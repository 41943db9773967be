/**
 * /admin/catalogue-file: owners and managers download the catalogue as a CSV file and import one
 * (checked first, then imported all or nothing); shoppers see an import on their next request.
 * Others go back to the board; not signed in: on to /admin/login. Private, never cached, never indexed.
 */
import type { InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { CatalogueFile } from '@/components/admin/catalogue-file/catalogue-file';
import { managersPage } from '@/lib/server/staff-page';

export const getServerSideProps = managersPage;

export default function AdminCatalogueFile({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Import & export" brand={brand} member={staff} current="products" wide>
      <SectionTabs section="products" current="/admin/catalogue-file" />
      <CatalogueFile />
    </AdminFrame>
  );
}
