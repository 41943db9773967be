/**
 * /admin/account: the signed-in staff member's account (who, role, branch; sign out, sign out
 * everywhere; changing or, after an invitation, choosing a password). Not signed in: on to
 * /admin/login. Private, never cached, never indexed, and without the storefront's shell.
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { StaffHome } from '@/components/admin/staff-home';
import type { StaffMe } from '@/lib/contracts/staff';
import { getConfig } from '@/lib/server/config';
import { backOfficeVisitor } from '@/lib/server/staff-page';

type Props = { brand: string; staff: StaffMe };

export const getServerSideProps = (async ({ req, res }) => {
  const staff = await backOfficeVisitor(req, res);
  if (!staff) return { redirect: { destination: '/admin/login', permanent: false } };
  return { props: { brand: getConfig().brandName, staff } };
}) satisfies GetServerSideProps<Props>;

export default function AdminAccount({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Your account" brand={brand} member={staff} current="account">
      <StaffHome staff={staff} />
    </AdminFrame>
  );
}
