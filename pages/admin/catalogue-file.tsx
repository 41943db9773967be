/**
 * /admin/catalogue-file: owners and managers download the catalogue as a CSV file and import one
 * (checked first, then imported all or nothing); shoppers see an import on their next request.
 * Others go back to the board; not signed in: on to /admin/login. Private, never cached, never indexed.
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { CatalogueFile } from '@/components/admin/catalogue-file/catalogue-file';
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

export default function AdminCatalogueFile({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Import & export" brand={brand} member={staff} current="products" wide>
      <SectionTabs section="products" current="/admin/catalogue-file" />
      <CatalogueFile />
    </AdminFrame>
  );
}
