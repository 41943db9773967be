/**
 * /admin/audit: the owner's audit logs: every order change, and (`?log=content`, optionally
 * `&entity=product`) every change to what shoppers see. Owners only (others go back to the
 * board); not signed in: on to /admin/login. Private, never cached, never indexed.
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { AuditLog } from '@/components/admin/audit/audit-log';
import { ContentLog } from '@/components/admin/audit/content-log';
import styles from '@/components/admin/audit/audit.module.css';
import { CONTENT_AUDIT_ENTITIES, type ContentAuditEntity } from '@/lib/contracts/backoffice';
import type { StaffMe } from '@/lib/contracts/staff';
import { getConfig } from '@/lib/server/config';
import { backOfficeVisitor } from '@/lib/server/staff-page';

type Props = { brand: string; staff: StaffMe; page: number; log: 'orders' | 'content'; entity: ContentAuditEntity | null };

const isEntity = (value: unknown): value is ContentAuditEntity => CONTENT_AUDIT_ENTITIES.includes(value as ContentAuditEntity);

export const getServerSideProps = (async ({ req, res, query }) => {
  const staff = await backOfficeVisitor(req, res);
  if (!staff) return { redirect: { destination: '/admin/login', permanent: false } };
  if (staff.role !== 'owner') return { redirect: { destination: '/admin', permanent: false } };
  const page = Number(query.page);
  return {
    props: {
      brand: getConfig().brandName,
      staff,
      page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
      log: query.log === 'content' ? 'content' : 'orders',
      entity: isEntity(query.entity) ? query.entity : null,
    },
  };
}) satisfies GetServerSideProps<Props>;

export default function AdminAudit({ brand, staff, page, log, entity }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Audit" brand={brand} member={staff} current="audit" wide>
      <h1>Audit</h1>
      <nav className={styles.tabs} aria-label="Audit logs">
        <a href="/admin/audit" aria-current={log === 'orders' ? 'page' : undefined}>
          Orders
        </a>
        <a href="/admin/audit?log=content" aria-current={log === 'content' ? 'page' : undefined}>
          Shop content
        </a>
      </nav>
      {log === 'content' ? <ContentLog page={page} entity={entity ?? undefined} /> : <AuditLog page={page} />}
    </AdminFrame>
  );
}
