/**
 * Staff for API tests: a member in the database with a live session, and a JSON call to the
 * shop's API as them (the shop's own Origin, so that staff writes are accepted).
 */
import type { Db } from '@/lib/server/db/client';
import { insertStaff } from '@/lib/server/services/staff/members';
import { startSession } from '@/lib/server/services/staff/sessions';
import type { StaffRole } from '@/lib/domain/staff';
import { tag } from './orders';

export type TestMember = { id: string; cookie: string };

/** A new member (`Test {role}` unless named) signed in: their id and `staff_session` cookie. */
export async function signedInStaff(db: Db, role: StaffRole, branch: 'lagos' | 'abuja' | null, name = `Test ${role}`): Promise<TestMember> {
  const member = await insertStaff(db, { email: `staff.${tag()}@example.com`, name, role, branch, passwordHash: null, createdBy: null }, new Date());
  return { id: member.id, cookie: `staff_session=${await startSession(db, member.id, new Date())}` };
}

/** A JSON call to `baseUrl` with the member's cookie (if any) and the shop's Origin: the status and the envelope. */
export async function staffJson<T>(baseUrl: string, method: string, url: string, body?: unknown, cookie?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: baseUrl };
  if (cookie) headers.cookie = cookie;
  const res = await fetch(`${baseUrl}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data: T; message: string } };
}
