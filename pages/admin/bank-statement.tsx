/**
 * /admin/bank-statement: owners and managers upload the bank's statement (CSV) and transfers that
 * name an order and cover it are confirmed (checked first, then imported); near misses are listed
 * for a person. Others go back to the board; not signed in: on to /admin/login. Private, never
 * cached, never indexed.
 */
import type { InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { BankStatement } from '@/components/admin/bank-statement/bank-statement';
import { managersPage } from '@/lib/server/staff-page';

export const getServerSideProps = managersPage;

export default function AdminBankStatement({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Bank statement" brand={brand} member={staff} current="statement" wide>
      <BankStatement />
    </AdminFrame>
  );
}
