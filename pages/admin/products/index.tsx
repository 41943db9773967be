/**
 * /admin/products: owners and managers search the catalogue, change a product's price, sizes'
 * prices and stock, stock and availability in the quick panel, and open a product's editor
 * ('Edit') or a new one ('New product'); shoppers see a change on their next request. Others go
 * back to the board; not signed in: on to /admin/login. Private, never cached, never indexed.
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { ProductList } from '@/components/admin/products/product-list';
import type { StaffMe } from '@/lib/contracts/staff';
import { getConfig } from '@/lib/server/config';
import { backOfficeVisitor } from '@/lib/server/staff-page';

type Props = { brand: string; staff: StaffMe; q: string; page: number };

export const getServerSideProps = (async ({ req, res, query }) => {
  const staff = await backOfficeVisitor(req, res);
  if (!staff) return { redirect: { destination: '/admin/login', permanent: false } };
  if (staff.role !== 'owner' && staff.role !== 'manager') return { redirect: { destination: '/admin', permanent: false } };
  const q = typeof query.q === 'string' ? query.q.slice(0, 100) : '';
  const page = typeof query.page === 'string' && /^\d{1,5}$/.test(query.page) ? Math.max(1, Number(query.page)) : 1;
  return { props: { brand: getConfig().brandName, staff, q, page } };
}) satisfies GetServerSideProps<Props>;

export default function AdminProducts({ brand, staff, q, page }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Products" brand={brand} member={staff} current="products" wide>
      <SectionTabs section="products" current="/admin/products" />
      <ProductList initialQuery={q} initialPage={page} />
    </AdminFrame>
  );
}
