/**
 * /admin/audit: the owner's audit log of every order change. Owners only (others go back to the
 * board); not signed in: on to /admin/login. Private, never cached, never indexed.
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { AuditLog } from '@/components/admin/audit/audit-log';
import type { StaffMe } from '@/lib/contracts/staff';
import { getConfig } from '@/lib/server/config';
import { backOfficeVisitor } from '@/lib/server/staff-page';

type Props = { brand: string; staff: StaffMe; page: number };

export const getServerSideProps = (async ({ req, res, query }) => {
  const staff = await backOfficeVisitor(req, res);
  if (!staff) return { redirect: { destination: '/admin/login', permanent: false } };
  if (staff.role !== 'owner') return { redirect: { destination: '/admin', permanent: false } };
  const page = Number(query.page);
  return { props: { brand: getConfig().brandName, staff, page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 } };
}) satisfies GetServerSideProps<Props>;

export default function AdminAudit({ brand, staff, page }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Audit" brand={brand} member={staff} current="audit" wide>
      <h1>Audit</h1>
      <AuditLog page={page} />
    </AdminFrame>
  );
}
