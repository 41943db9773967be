/**
 * The back office's staff calls from the browser (`/admin/api/*`, lib/contracts/staff.ts): the
 * session travels in the `staff_session` cookie (same origin, HttpOnly), never in a header, and
 * the browser adds the page's `Origin` that every staff write needs. Each function returns the
 * answer's `data` or throws `ApiError`. Loaded only by the back-office pages.
 */
import { createApiClient, type ApiClient } from '@/lib/api/client';
import type { AuditPage, Board, StaffActionBody, StaffOrder } from '@/lib/contracts/backoffice';
import type { Envelope } from '@/lib/contracts/envelope';
import type { StaffCodeBody, StaffLoginAnswer, StaffLoginBody, StaffMe, StaffPasswordBody, StaffSignedInAnswer } from '@/lib/contracts/staff';

let client: ApiClient | undefined;

/** The staff client: same origin, no bearer token, no `business` (staff calls take none). */
function staffApi(): ApiClient {
  client ??= createApiClient({ baseURL: '', business: '' });
  return client;
}

async function post<T>(url: string, body: unknown = {}): Promise<T> {
  const res = await staffApi().http.post<Envelope<T>>(url, body);
  return res.data.data;
}

async function get<T>(url: string, params?: Record<string, string | number | undefined>): Promise<T> {
  const res = await staffApi().http.get<Envelope<T>>(url, { params });
  return res.data.data;
}

/** `POST /admin/api/auth/login`: signed in from a known device, or `{ needsCode: true }`. */
export const staffLogin = (body: StaffLoginBody) => post<StaffLoginAnswer>('/admin/api/auth/login', body);
/** `POST /admin/api/auth/code`: the e-mailed code signs in. */
export const staffSubmitCode = (body: StaffCodeBody) => post<StaffSignedInAnswer>('/admin/api/auth/code', body);
/** `POST /admin/api/auth/logout`: ends this session. */
export const staffLogout = () => post<null>('/admin/api/auth/logout');
/** `POST /admin/api/auth/logout-all`: ends every session of the member and forgets their devices. */
export const staffLogoutAll = () => post<null>('/admin/api/auth/logout-all');
/** `POST /admin/api/auth/password`: sets the member's password. */
export const staffSetPassword = (body: StaffPasswordBody) => post<StaffMe>('/admin/api/auth/password', body);

/** The board's query as the page holds it: only what is set is sent. */
export type BoardParams = { day?: string; branch?: string; state?: string; q?: string; page?: number };

/** `GET /admin/api/orders`: one page of the board, with the count per state. */
export const staffBoard = (params: BoardParams) => get<Board>('/admin/api/orders', params);
/** `GET /admin/api/orders/{id}`: the order as the member may see it, its history and the actions open to them. */
export const staffOrder = (id: string) => get<StaffOrder>(`/admin/api/orders/${encodeURIComponent(id)}`);
/** `POST /admin/api/orders/{id}/actions`: one lifecycle event; answers the order afterwards. */
export const staffOrderAction = (id: string, body: StaffActionBody) => post<StaffOrder>(`/admin/api/orders/${encodeURIComponent(id)}/actions`, body);
/** `GET /admin/api/audit?page=` (owners): every order transition, newest first. */
export const staffAudit = (page: number) => get<AuditPage>('/admin/api/audit', { page });
