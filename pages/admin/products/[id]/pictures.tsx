/**
 * /admin/products/{id}/pictures: owners and managers upload a product's pictures, put them in
 * order, give them alt text and remove them; shoppers see the change on their next request.
 * Others go back to the board; not signed in: on to /admin/login. Private, never cached, never
 * indexed. The pictures load in the browser (an unknown product says so there).
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { PicturesManager } from '@/components/admin/products/pictures-manager';
import type { StaffMe } from '@/lib/contracts/staff';
import { getConfig } from '@/lib/server/config';
import { backOfficeVisitor } from '@/lib/server/staff-page';

type Props = { brand: string; staff: StaffMe; productId: string };

export const getServerSideProps = (async ({ req, res, params }) => {
  const staff = await backOfficeVisitor(req, res);
  if (!staff) return { redirect: { destination: '/admin/login', permanent: false } };
  if (staff.role !== 'owner' && staff.role !== 'manager') return { redirect: { destination: '/admin', permanent: false } };
  const productId = typeof params?.id === 'string' ? params.id.slice(0, 100) : '';
  return { props: { brand: getConfig().brandName, staff, productId } };
}) satisfies GetServerSideProps<Props>;

export default function AdminProductPictures({ brand, staff, productId }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Pictures" brand={brand} member={staff} current="products" wide>
      <SectionTabs section="products" current="/admin/products" />
      <PicturesManager productId={productId} />
    </AdminFrame>
  );
}
