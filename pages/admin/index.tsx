/**
 * /admin: the back office's home, the order board (components/admin/board/). The filters come
 * from the URL (`?day=&branch=&state=&q=&page=`; today in Lagos by default); the orders are
 * fetched in the browser from /admin/api/orders. A member who has not chosen a password yet
 * (invited by the owner) goes to /admin/account first. Not signed in: on to /admin/login.
 * Private, never cached, never indexed, and without the storefront's shell.
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { Board } from '@/components/admin/board/board';
import { filtersFromQuery, type BoardFilters } from '@/components/admin/board/board-query';
import type { StaffMe } from '@/lib/contracts/staff';
import { shopDay } from '@/lib/domain/dates';
import { getConfig } from '@/lib/server/config';
import { backOfficeVisitor } from '@/lib/server/staff-page';

type Props = { brand: string; staff: StaffMe; today: string; initial: BoardFilters };

export const getServerSideProps = (async ({ req, res, query }) => {
  const staff = await backOfficeVisitor(req, res);
  if (!staff) return { redirect: { destination: '/admin/login', permanent: false } };
  if (!staff.passwordSet) return { redirect: { destination: '/admin/account', permanent: false } };
  const today = shopDay(new Date());
  return { props: { brand: getConfig().brandName, staff, today, initial: filtersFromQuery(query, today) } };
}) satisfies GetServerSideProps<Props>;

export default function AdminBoard({ brand, staff, today, initial }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Orders" brand={brand} member={staff} current="orders" wide>
      <h1 className="visually-hidden">Orders</h1>
      <Board staff={staff} today={today} initial={initial} />
    </AdminFrame>
  );
}
