/**
 * The page-facing module of the back-office pages (`pages/admin/*`): in their
 * getServerSideProps, who is signed in (the `staff_session` cookie, checked by the staff service
 * in this process: a session is per member and never goes through the API's shared caches), and
 * the headers every back-office page answers with: `private, no-store` (never kept by the shared
 * page cache, a CDN or the browser's back button) and `noindex`.
 *
 * The storefront's pages use lib/api and never this module; the back office is the one place
 * where a page reads the database's staff tables, through `currentStaff()` only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GetServerSideProps } from 'next';
import { getDb } from '@/lib/server/db/client';
import { getConfig } from '@/lib/server/config';
import type { StaffMe } from '@/lib/contracts/staff';
import { ALL_BRANCH_ROLES } from '@/lib/domain/staff';
import { appendSetCookie } from '@/lib/server/http/cookies';
import { currentStaff } from '@/lib/server/services/staff/access';
import { clearedSessionCookie, sessionToken } from '@/lib/server/services/staff/sessions';

export const BACK_OFFICE_CACHE_CONTROL = 'private, no-store';

/**
 * The signed-in staff member of a back-office page request, or null; sets the page's private,
 * no-store and noindex headers. A session cookie that no longer works is deleted.
 */
export async function backOfficeVisitor(req: IncomingMessage, res: ServerResponse): Promise<StaffMe | null> {
  res.setHeader('Cache-Control', BACK_OFFICE_CACHE_CONTROL);
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  const member = await currentStaff(await getDb(), req);
  if (!member) {
    if (sessionToken(req)) appendSetCookie(res, [clearedSessionCookie(req)]);
    return null;
  }
  const { sessionId: _sessionId, ...visible } = member;
  return visible;
}

/** What a back-office page open to some roles gets: the shop's name and the signed-in member. */
export type BackOfficePageProps = { brand: string; staff: StaffMe };

/**
 * The getServerSideProps of a back-office page for owners and managers (the catalogue and the
 * settings): their name and role; anyone else signed in goes back to the board, nobody signed in
 * on to /admin/login.
 */
export const managersPage = (async ({ req, res }) => {
  const staff = await backOfficeVisitor(req, res);
  if (!staff) return { redirect: { destination: '/admin/login', permanent: false } };
  if (!ALL_BRANCH_ROLES.includes(staff.role)) return { redirect: { destination: '/admin', permanent: false } };
  return { props: { brand: getConfig().brandName, staff } };
}) satisfies GetServerSideProps<BackOfficePageProps>;
