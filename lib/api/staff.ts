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
  ContentAuditEntity,
  ContentAuditPage,
  ChargeMoveBody,
  DeliveryChangeBody,
  StaffActionBody,
  StaffOrder,
} from "@/lib/contracts/backoffice";
import type {
  AdminProduct,
  AdminProductDetail,
  AdminProductPage,
  ProductChangeBody,
  ProductEditorData,
  ProductFieldsInput,
  ProductPatchBody,
} from "@/lib/contracts/catalogue-admin";
import type {
  AdminCategory,
  AdminFeaturedGroup,
  CategoryChangeBody,
  FeaturedGroupBody,
} from "@/lib/contracts/categories-admin";
import type { CatalogueImportReport } from "@/lib/contracts/catalogue-csv";
import type { StatementReport, StatementReview } from "@/lib/contracts/bank-statement";
import type { Envelope } from "@/lib/contracts/envelope";
import type {
  ProductPicture,
  ProductPictures,
} from "@/lib/contracts/product-pictures";
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
import type { CurrencyCode } from "@/lib/domain/money";
import type {
  AdminRate,
  AdminSettings,
  AlertsDocument,
  DeliveryDocument,
  RatesBody,
} from "@/lib/contracts/settings-admin";
import type { AdminCapacity } from "@/lib/contracts/capacity";
import type { CapacitySettings } from "@/lib/domain/capacity";
import type {
  AdminCoupon,
  CouponChangeBody,
  CouponCreateBody,
  CouponRedemptionPage,
} from "@/lib/contracts/coupons-admin";
import type {
  ShopDetailsAnswer,
  ShopDetailsBody,
} from "@/lib/contracts/shop-details";

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

/** `GET /admin/api/content-audit?page=&entity=` (owners): changes to what shoppers see, newest first. */
export const staffContentAudit = (page: number, entity?: ContentAuditEntity) =>
  get<ContentAuditPage>("/admin/api/content-audit", entity ? { page, entity } : { page });

/** `GET /admin/api/staff` (owners): every member, active ones first, then by name. */
export const staffMembers = () => get<StaffListMember[]>("/admin/api/staff");
/** `POST /admin/api/staff` (owners): adds a member, who is e-mailed a sign-in code. */
export const staffAddMember = (body: CreateStaffBody) =>
  post<StaffMember>("/admin/api/staff", body);
/** `PATCH /admin/api/staff/{id}` (owners): changes a member's name, role, branch or whether they are active; answers them afterwards. */
export const staffUpdateMember = (id: string, body: UpdateStaffBody) =>
  patch<StaffListMember>(`/admin/api/staff/${encodeURIComponent(id)}`, body);
/** `GET /admin/api/staff/audit?page=` (owners): the staff audit, newest first. */
export const staffChanges = (page: number) =>
  get<StaffAuditPage>("/admin/api/staff/audit", { page });

/** `POST /admin/api/staff/{id}/invite` (owners): e-mails a member without a password a new invitation code. */
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

/** `GET /admin/api/categories` (owners, managers): every category with its texts. */
export const staffCategories = () =>
  get<AdminCategory[]>("/admin/api/categories");

/** `PATCH /admin/api/categories/{slug}` (owners, managers): changes a category's texts, group or order; the category afterwards and the server's message. */
export async function staffChangeCategory(
  slug: string,
  body: CategoryChangeBody,
): Promise<{ category: AdminCategory; message: string }> {
  const res = await staffApi().http.patch<Envelope<AdminCategory>>(
    `/admin/api/categories/${encodeURIComponent(slug)}`,
    body,
  );
  return { category: res.data.data, message: res.data.message };
}

/** `GET /admin/api/featured-groups` (owners, managers): every featured group with its products in order. */
export const staffFeaturedGroups = () =>
  get<AdminFeaturedGroup[]>("/admin/api/featured-groups");

/** `PUT /admin/api/featured-groups/{key}` (owners, managers): sets a group's title and products; the group afterwards and the server's message. */
export async function staffSaveFeaturedGroup(
  key: string,
  body: FeaturedGroupBody,
): Promise<{ group: AdminFeaturedGroup; message: string }> {
  const res = await staffApi().http.put<Envelope<AdminFeaturedGroup>>(
    `/admin/api/featured-groups/${encodeURIComponent(key)}`,
    body,
  );
  return { group: res.data.data, message: res.data.message };
}

const picturesUrl = (productId: string) =>
  `/admin/api/products/${encodeURIComponent(productId)}/pictures`;

/** `GET /admin/api/products/{id}/pictures` (owners, managers): the product and its pictures, first first. */
export const staffPictures = (productId: string) =>
  get<ProductPictures>(picturesUrl(productId));

/**
 * `POST /admin/api/products/{id}/pictures` (multipart: file, alt): adds the picture as the last;
 * answers it. `onProgress` hears the share of the upload sent (0 to 1).
 */
export async function staffAddPicture(
  productId: string,
  form: FormData,
  onProgress?: (sent: number) => void,
): Promise<ProductPicture> {
  // As staffDeliver: this type makes axios leave the form to the browser, which writes the boundary.
  // A few megabytes on a slow phone network take longer than the client's usual 15 s.
  const res = await staffApi().http.post<Envelope<ProductPicture>>(
    picturesUrl(productId),
    form,
    {
      headers: { "Content-Type": "multipart/form-data" },
      timeout: 120_000,
      onUploadProgress: (event) =>
        onProgress?.(event.total ? event.loaded / event.total : 0),
    },
  );
  return res.data.data;
}

/** `PATCH /admin/api/products/{id}/pictures/{pictureId}` {alt}: the picture afterwards and the server's message. */
export async function staffChangePictureAlt(
  productId: string,
  pictureId: string,
  alt: string,
): Promise<{ picture: ProductPicture; message: string }> {
  const res = await staffApi().http.patch<Envelope<ProductPicture>>(
    `${picturesUrl(productId)}/${encodeURIComponent(pictureId)}`,
    { alt },
  );
  return { picture: res.data.data, message: res.data.message };
}

/** `DELETE /admin/api/products/{id}/pictures/{pictureId}`: the pictures left, first first. */
export async function staffRemovePicture(
  productId: string,
  pictureId: string,
): Promise<ProductPicture[]> {
  const res = await staffApi().http.delete<Envelope<ProductPicture[]>>(
    `${picturesUrl(productId)}/${encodeURIComponent(pictureId)}`,
  );
  return res.data.data;
}

/** `PUT /admin/api/products/{id}/pictures/order` {pictureIds}: every picture's id, first first; the pictures afterwards. */
export async function staffOrderPictures(
  productId: string,
  pictureIds: string[],
): Promise<ProductPicture[]> {
  const res = await staffApi().http.put<Envelope<ProductPicture[]>>(
    `${picturesUrl(productId)}/order`,
    { pictureIds },
  );
  return res.data.data;
}

/** `GET /admin/api/coupons` (owners, managers): every coupon, newest first, with its paid and held uses. */
export const staffCoupons = () => get<AdminCoupon[]>("/admin/api/coupons");

/** `POST /admin/api/coupons` (owners, managers): a new coupon; the coupon and the server's message. */
export async function staffCreateCoupon(
  body: CouponCreateBody,
): Promise<{ coupon: AdminCoupon; message: string }> {
  const res = await staffApi().http.post<Envelope<AdminCoupon>>(
    "/admin/api/coupons",
    body,
  );
  return { coupon: res.data.data, message: res.data.message };
}

/** `PATCH /admin/api/coupons/{code}` (owners, managers): changes, pauses or resumes a coupon; the coupon afterwards and the server's message. */
export async function staffChangeCoupon(
  code: string,
  body: CouponChangeBody,
): Promise<{ coupon: AdminCoupon; message: string }> {
  const res = await staffApi().http.patch<Envelope<AdminCoupon>>(
    `/admin/api/coupons/${encodeURIComponent(code)}`,
    body,
  );
  return { coupon: res.data.data, message: res.data.message };
}

/** `DELETE /admin/api/coupons/{code}` (owners, managers): removes a coupon no order took; the server's message. */
export async function staffDeleteCoupon(code: string): Promise<string> {
  const res = await staffApi().http.delete<Envelope<null>>(
    `/admin/api/coupons/${encodeURIComponent(code)}`,
  );
  return res.data.message;
}

/** `GET /admin/api/coupons/{code}/redemptions?page=` (owners, managers): the orders holding the coupon, 50 a page. */
export const staffCouponRedemptions = (code: string, page = 1) =>
  get<CouponRedemptionPage>(
    `/admin/api/coupons/${encodeURIComponent(code)}/redemptions`,
    { page },
  );

/** `GET /admin/api/shop-details` (owners, managers): the branches and payment details as the shop uses them now. */
export const staffShopDetails = () =>
  get<ShopDetailsAnswer>("/admin/api/shop-details");

/**
 * `PUT /admin/api/shop-details?basedOn=` (owners, managers): replaces the branches and payment
 * details; `basedOn` is the `updatedAt` the page read, or 'environment' (409 when someone saved
 * since). The details afterwards and the server's message.
 */
export async function staffSaveShopDetails(
  body: ShopDetailsBody,
  basedOn: string,
): Promise<{ answer: ShopDetailsAnswer; message: string }> {
  const res = await staffApi().http.put<Envelope<ShopDetailsAnswer>>(
    "/admin/api/shop-details",
    body,
    { params: { basedOn } },
  );
  return { answer: res.data.data, message: res.data.message };
}

/** `GET /admin/api/settings` (owners, managers): the alert and delivery settings, the rates, the zone keys orders carry. */
export const staffSettings = () => get<AdminSettings>("/admin/api/settings");

/** The `?basedOn=` of a settings write: the time the page read the document (409 if it changed since). */
const basedOnParams = (basedOn: string | null) =>
  basedOn ? { params: { basedOn } } : {};

/** `PUT /admin/api/settings/alerts?basedOn=` (owners, managers): the alert texts afterwards and the server's message. */
export async function staffSaveAlerts(
  body: AlertsDocument,
  basedOn: string | null,
): Promise<{ alerts: AlertsDocument; updatedAt: string | null; message: string }> {
  const res = await staffApi().http.put<
    Envelope<{ alerts: AlertsDocument; updatedAt: string | null }>
  >("/admin/api/settings/alerts", body, basedOnParams(basedOn));
  return { ...res.data.data, message: res.data.message };
}

/** `PUT /admin/api/settings/rates` (owners, managers): naira per dollar and per pound; the rates afterwards and the server's message. */
export async function staffSaveRates(
  body: RatesBody,
): Promise<{ rates: AdminRate[]; message: string }> {
  const res = await staffApi().http.put<Envelope<{ rates: AdminRate[] }>>(
    "/admin/api/settings/rates",
    body,
  );
  return { rates: res.data.data.rates, message: res.data.message };
}

/** `PUT /admin/api/settings/delivery?basedOn=` (owners, managers): the whole delivery document; it afterwards and the server's message. */
export async function staffSaveDelivery(
  body: DeliveryDocument,
  basedOn: string | null,
): Promise<{ delivery: DeliveryDocument; updatedAt: string | null; message: string }> {
  const res = await staffApi().http.put<
    Envelope<{ delivery: DeliveryDocument; updatedAt: string | null }>
  >("/admin/api/settings/delivery", body, basedOnParams(basedOn));
  return { ...res.data.data, message: res.data.message };
}

/** `GET /admin/api/settings/capacity` (owners, managers): the daily limits, the days with their own, and the bookings. */
export const staffCapacity = () => get<AdminCapacity>("/admin/api/settings/capacity");

/** `PUT /admin/api/settings/capacity?basedOn=` (owners, managers): the whole capacity document; the page's data afterwards and the server's message. */
export async function staffSaveCapacity(
  body: CapacitySettings,
  basedOn: string | null,
): Promise<{ capacity: AdminCapacity; message: string }> {
  const res = await staffApi().http.put<Envelope<AdminCapacity>>(
    "/admin/api/settings/capacity",
    body,
    basedOnParams(basedOn),
  );
  return { capacity: res.data.data, message: res.data.message };
}

/** A chosen file's bytes as they are (the server checks that they are UTF-8). */
function fileBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(new Error("The file could not be read"));
    reader.readAsArrayBuffer(file);
  });
}

/** `GET /admin/api/catalogue-file` (owners, managers): the catalogue as a CSV file; a link downloads it. */
export const CATALOGUE_FILE_URL = "/admin/api/catalogue-file";

/**
 * `POST /admin/api/catalogue-file?dryRun=1|0` (owners, managers) with a CSV file as the body:
 * `dryRun` checks it (what each row would change, and every error); otherwise imports it, all or
 * nothing (a file with errors is refused with them in the message). The report and the server's message.
 */
export async function staffCatalogueFile(
  file: Blob,
  dryRun: boolean,
): Promise<{ report: CatalogueImportReport; message: string }> {
  const res = await staffApi().http.post<Envelope<CatalogueImportReport>>(
    CATALOGUE_FILE_URL,
    await fileBytes(file),
    {
      params: { dryRun: dryRun ? 1 : 0 },
      headers: { "Content-Type": "text/csv" },
      timeout: 120_000,
    },
  );
  return { report: res.data.data, message: res.data.message };
}

/**
 * `POST /admin/api/bank-statement?dryRun=1|0&currency=…` (owners, managers) with the bank
 * statement's CSV as the body: what each money-in line did (or, with `dryRun`, would do).
 */
export async function staffBankStatement(
  file: Blob,
  options: { dryRun: boolean; currency: CurrencyCode },
): Promise<{ report: StatementReport; message: string }> {
  const res = await staffApi().http.post<Envelope<StatementReport>>(
    "/admin/api/bank-statement",
    await fileBytes(file),
    {
      params: { dryRun: options.dryRun ? 1 : 0, currency: options.currency },
      headers: { "Content-Type": "text/csv" },
      timeout: 120_000,
    },
  );
  return { report: res.data.data, message: res.data.message };
}

/** `GET /admin/api/bank-statement` (owners, managers): the near misses kept from earlier imports. */
export const staffStatementReview = () =>
  get<StatementReview>("/admin/api/bank-statement");

/** `POST /admin/api/bank-statement/{id}/handled` (owners, managers): a kept near miss is dealt with and leaves the list. */
export const staffStatementLineHandled = (id: string) =>
  post<{ handled: true }>(`/admin/api/bank-statement/${encodeURIComponent(id)}/handled`);

/** `GET /admin/api/products/{id}` (owners, managers): the product for the editor and its choices; `new`: the choices alone. */
export const staffProductEditor = (id: string) =>
  get<ProductEditorData>(`/admin/api/products/${encodeURIComponent(id)}`);

/** `POST /admin/api/products` (owners, managers): adds a product; the product and the server's message. */
export async function staffCreateProduct(
  body: ProductFieldsInput,
): Promise<{ product: AdminProductDetail; message: string }> {
  const res = await staffApi().http.post<Envelope<AdminProductDetail>>(
    "/admin/api/products",
    body,
  );
  return { product: res.data.data, message: res.data.message };
}

/** `PATCH /admin/api/products/{id}` (owners, managers): changes any of a product's fields; the product afterwards and the message. */
export async function staffEditProduct(
  id: string,
  body: ProductPatchBody,
): Promise<{ product: AdminProductDetail; message: string }> {
  const res = await staffApi().http.patch<Envelope<AdminProductDetail>>(
    `/admin/api/products/${encodeURIComponent(id)}`,
    body,
  );
  return { product: res.data.data, message: res.data.message };
}

/** `POST /admin/api/products/{id}/duplicate` (owners, managers): an inactive copy; the copy and the message. */
export async function staffDuplicateProduct(
  id: string,
): Promise<{ product: AdminProductDetail; message: string }> {
  const res = await staffApi().http.post<Envelope<AdminProductDetail>>(
    `/admin/api/products/${encodeURIComponent(id)}/duplicate`,
    {},
  );
  return { product: res.data.data, message: res.data.message };
}
