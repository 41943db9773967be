/**
 * The back office's staff calls from the browser (`/admin/api/*`, lib/contracts/staff.ts): the
 * session travels in the `staff_session` cookie (same origin, HttpOnly), never in a header, and
 * the browser adds the page's `Origin` that every staff write needs. Each function returns the
 * answer's `data` or throws `ApiError`. Loaded only by the back-office pages.
 */
import { createApiClient, type ApiClient } from "@/lib/api/client";
import type {
  AuditPage,
  Board,
  ChargeMoveBody,
  DeliveryChangeBody,
  StaffActionBody,
  StaffOrder,
} from "@/lib/contracts/backoffice";
import type {
  AdminProduct,
  AdminProductPage,
  ProductChangeBody,
} from "@/lib/contracts/catalogue-admin";
import type { Envelope } from "@/lib/contracts/envelope";
import type {
  CreateStaffBody,
  StaffCodeBody,
  StaffListMember,
  StaffLoginAnswer,
  StaffLoginBody,
  StaffMe,
  StaffPasswordBody,
  StaffSignedInAnswer,
  UpdateStaffBody,
  StaffAuditPage,
} from "@/lib/contracts/staff";
import type { StaffMember } from "@/lib/domain/staff";

let client: ApiClient | undefined;

/** The staff client: same origin, no bearer token, no `business` (staff calls take none). */
function staffApi(): ApiClient {
  client ??= createApiClient({ baseURL: "", business: "" });
  return client;
}

async function post<T>(url: string, body: unknown = {}): Promise<T> {
  const res = await staffApi().http.post<Envelope<T>>(url, body);
  return res.data.data;
}

async function patch<T>(url: string, body: unknown): Promise<T> {
  const res = await staffApi().http.patch<Envelope<T>>(url, body);
  return res.data.data;
}

async function get<T>(
  url: string,
  params?: Record<string, string | number | undefined>,
): Promise<T> {
  const res = await staffApi().http.get<Envelope<T>>(url, { params });
  return res.data.data;
}

/** `POST /admin/api/auth/login`: signed in from a known device, or `{ needsCode: true }`. */
export const staffLogin = (body: StaffLoginBody) =>
  post<StaffLoginAnswer>("/admin/api/auth/login", body);
/** `POST /admin/api/auth/code`: the e-mailed code signs in. */
export const staffSubmitCode = (body: StaffCodeBody) =>
  post<StaffSignedInAnswer>("/admin/api/auth/code", body);
/** `POST /admin/api/auth/logout`: ends this session. */
export const staffLogout = () => post<null>("/admin/api/auth/logout");
/** `POST /admin/api/auth/logout-all`: ends every session of the member and forgets their devices. */
export const staffLogoutAll = () => post<null>("/admin/api/auth/logout-all");
/** `POST /admin/api/auth/password`: sets the member's password. */
export const staffSetPassword = (body: StaffPasswordBody) =>
  post<StaffMe>("/admin/api/auth/password", body);

/** The board's query as the page holds it: only what is set is sent. */
export type BoardParams = {
  day?: string;
  branch?: string;
  state?: string;
  q?: string;
  page?: number;
};

/** `GET /admin/api/orders`: one page of the board, with the count per state. */
export const staffBoard = (params: BoardParams) =>
  get<Board>("/admin/api/orders", params);
/** `GET /admin/api/orders/{id}`: the order as the member may see it, its history and the actions open to them. */
export const staffOrder = (id: string) =>
  get<StaffOrder>(`/admin/api/orders/${encodeURIComponent(id)}`);
/** `POST /admin/api/orders/{id}/actions`: one lifecycle event; answers the order afterwards. */
export const staffOrderAction = (id: string, body: StaffActionBody) =>
  post<StaffOrder>(`/admin/api/orders/${encodeURIComponent(id)}/actions`, body);
/** `GET /admin/api/audit?page=` (owners): every order transition, newest first. */
/** `POST /admin/api/orders/{id}/deliver` (multipart: photo, recipientName, note): the order delivered with its photo. */
export async function staffDeliver(
  id: string,
  form: FormData,
): Promise<StaffOrder> {
  // The client's default JSON type would make axios turn the form into JSON; with this one the
  // browser sends it as multipart and writes the boundary itself.
  const res = await staffApi().http.post<Envelope<StaffOrder>>(
    `/admin/api/orders/${encodeURIComponent(id)}/deliver`,
    form,
    { headers: { "Content-Type": "multipart/form-data" } },
  );
  return res.data.data;
}

/** `POST /admin/api/orders/{id}/notes`: adds an internal note; the order as the member sees it. */
export const staffAddNote = (id: string, text: string) =>
  post<StaffOrder>(`/admin/api/orders/${encodeURIComponent(id)}/notes`, {
    text,
  });

/** `POST /admin/api/orders/{id}/charges`: asks the sender for a quoted delivery fee (a pay link is e-mailed). */
export const staffAskQuote = (id: string, amount: string, reason: string) =>
  post<StaffOrder>(`/admin/api/orders/${encodeURIComponent(id)}/charges`, {
    kind: "quote",
    amount,
    reason,
  });

/** `POST /admin/api/orders/{id}/charges/{chargeId}`: marks a charge paid, waives it, or records a refund. */
export const staffMoveCharge = (
  id: string,
  chargeId: string,
  body: ChargeMoveBody,
) =>
  post<StaffOrder>(
    `/admin/api/orders/${encodeURIComponent(id)}/charges/${encodeURIComponent(chargeId)}`,
    body,
  );

export const staffAudit = (page: number) =>
  get<AuditPage>("/admin/api/audit", { page });

/** `GET /admin/api/staff` (owners): every member, active ones first, then by name. */
export const staffMembers = () => get<StaffListMember[]>("/admin/api/staff");
/** `POST /admin/api/staff` (owners): adds a member, who is e-mailed a sign-in code. */
export const staffAddMember = (body: CreateStaffBody) =>
  post<StaffMember>("/admin/api/staff", body);
/** `PATCH /admin/api/staff/{id}` (owners): changes a member's name, role, branch or whether they are active; answers them afterwards. */
export const staffUpdateMember = (id: string, body: UpdateStaffBody) =>
  patch<StaffListMember>(`/admin/api/staff/${encodeURIComponent(id)}`, body);
/** `POST /admin/api/staff/{id}/invite` (owners): e-mails a member without a password a new invitation code. */
/** `GET /admin/api/staff/audit?page=` (owners): the staff audit, newest first. */
export const staffChanges = (page: number) =>
  get<StaffAuditPage>("/admin/api/staff/audit", { page });

export const staffResendInvite = (id: string) =>
  post<StaffListMember>(`/admin/api/staff/${encodeURIComponent(id)}/invite`);

/**
 * `POST /admin/api/orders/{id}/delivery` (owners, managers): changes a paid door delivery's date,
 * zone or address; answers the order afterwards (with the fee difference's charge, if any) and the
 * server's message (what was asked of the sender, or owed back).
 */
export async function staffChangeDelivery(
  id: string,
  body: DeliveryChangeBody,
): Promise<{ order: StaffOrder; message: string }> {
  const res = await staffApi().http.post<Envelope<StaffOrder>>(
    `/admin/api/orders/${encodeURIComponent(id)}/delivery`,
    body,
  );
  return { order: res.data.data, message: res.data.message };
}

/** `GET /admin/api/products?q=&page=` (owners, managers): one page of products, inactive ones included. */
export const staffProducts = (params: { q?: string; page?: number }) =>
  get<AdminProductPage>("/admin/api/products", params);

/**
 * `PATCH /admin/api/products/{id}` (owners, managers): changes a product's price, its sizes'
 * prices and stock, its stock or whether it is sold; the product afterwards and the server's message.
 */
export async function staffChangeProduct(
  id: string,
  body: ProductChangeBody,
): Promise<{ product: AdminProduct; message: string }> {
  const res = await staffApi().http.patch<Envelope<AdminProduct>>(
    `/admin/api/products/${encodeURIComponent(id)}`,
    body,
  );
  return { product: res.data.data, message: res.data.message };
}
