/**
 * /admin/orders/{id}: one order as staff work on it (components/admin/order/): fetched in the
 * browser from /admin/api/orders/{id}, with the actions open to the member and a printable
 * order sheet. Not signed in: on to /admin/login. Private, never cached, never indexed, and
 * without the storefront's shell.
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { OrderView } from '@/components/admin/order/order-view';
import type { StaffMe } from '@/lib/contracts/staff';
import { getConfig } from '@/lib/server/config';
import { backOfficeVisitor } from '@/lib/server/staff-page';

type Props = { brand: string; staff: StaffMe; id: string };

export const getServerSideProps = (async ({ req, res, params }) => {
  const staff = await backOfficeVisitor(req, res);
  if (!staff) return { redirect: { destination: '/admin/login', permanent: false } };
  const id = typeof params?.id === 'string' ? params.id.slice(0, 100) : '';
  return { props: { brand: getConfig().brandName, staff, id } };
}) satisfies GetServerSideProps<Props>;

export default function AdminOrder({ brand, staff, id }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Order" brand={brand} member={staff} current="orders" wide>
      <OrderView id={id} role={staff.role} />
    </AdminFrame>
  );
}
