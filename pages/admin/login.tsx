/**
 * /admin/login: the back office's sign-in (components/admin/login-flow.tsx). Already signed in:
 * on to /admin. `?step=code` opens the code step (an invitation's link). Private, never cached,
 * never indexed, and without the storefront's shell.
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { LoginFlow, type LoginStep } from '@/components/admin/login-flow';
import { getConfig } from '@/lib/server/config';
import { backOfficeVisitor } from '@/lib/server/staff-page';
import styles from '@/components/admin/admin.module.css';

type Props = { brand: string; step: LoginStep };

export const getServerSideProps = (async ({ req, res, query }) => {
  if (await backOfficeVisitor(req, res)) return { redirect: { destination: '/admin', permanent: false } };
  return { props: { brand: getConfig().brandName, step: query.step === 'code' ? 'code' : 'password' } };
}) satisfies GetServerSideProps<Props>;

export default function AdminLogin({ brand, step }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Sign in" brand={brand}>
      <div className={styles.card}>
        <LoginFlow initialStep={step} />
      </div>
    </AdminFrame>
  );
}
