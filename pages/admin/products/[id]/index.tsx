/**
 * /admin/products/{id}: owners and managers edit a product (every field), duplicate it,
 * deactivate or activate it, and go to its pictures. `?added=1` and `?copied=1` say what brought
 * them here. Others go back to the board; not signed in: on to /admin/login. Private, never
 * cached, never indexed. An unknown product shows the editor's "Product not found".
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { ProductEditor } from '@/components/admin/products/product-editor';
import type { StaffMe } from '@/lib/contracts/staff';
import { getConfig } from '@/lib/server/config';
import { backOfficeVisitor } from '@/lib/server/staff-page';

type Props = { brand: string; staff: StaffMe; id: string; arrived: 'added' | 'copied' | null };

export const getServerSideProps = (async ({ req, res, params, query }) => {
  const staff = await backOfficeVisitor(req, res);
  if (!staff) return { redirect: { destination: '/admin/login', permanent: false } };
  if (staff.role !== 'owner' && staff.role !== 'manager') return { redirect: { destination: '/admin', permanent: false } };
  const id = typeof params?.id === 'string' ? params.id.slice(0, 100) : '';
  const arrived = query.added === '1' ? 'added' : query.copied === '1' ? 'copied' : null;
  return { props: { brand: getConfig().brandName, staff, id, arrived } };
}) satisfies GetServerSideProps<Props, { id: string }>;

export default function EditProduct({ brand, staff, id, arrived }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Edit product" brand={brand} member={staff} current="products" wide>
      <SectionTabs section="products" current="/admin/products" />
      <ProductEditor id={id} arrived={arrived} />
    </AdminFrame>
  );
}
