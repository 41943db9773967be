/**
 * One function per call of the spec's calls table (section 7). Each returns the answer's `data`
 * (typed by the shared contracts) or throws `ApiError`. Calls whose server side comes with a
 * later capability are here already so that the client has one place for every call.
 */
import type { ApiClient } from '@/lib/api/client';
import { withAttemptKey } from '@/lib/api/attempt-key';
import type { Envelope } from '@/lib/contracts/envelope';
import type {
  Category,
  PaginateQuery,
  ProductAllQuery,
  ProductBySlugQuery,
  ProductDetail,
  ProductIdMultipleQuery,
  ProductPage,
  ProductSlugMultipleQuery,
  ProductSummary,
} from '@/lib/contracts/catalogue';
import type { Handshake } from '@/lib/contracts/settings';
import type { DeliveryCalendar } from '@/lib/domain/capacity';
import type { SubscribeQuery } from '@/lib/contracts/subscribe';
import type { CartItem, CartUpdateAnswer } from '@/lib/contracts/cart';
import type {
  ChangePasswordBody,
  LoginBody,
  OtpRequestAnswer,
  OtpRequestBody,
  OtpValidateBody,
  SignupBody,
  UserRecord,
} from '@/lib/contracts/auth';
import type {
  CheckoutAnswer,
  CheckoutOrderBody,
  CouponValidateBody,
  Order,
  OrderCreateBody,
  OrderCreated,
  OrderUpdateBody,
  Review,
  ReviewBody,
  SaveSenderInfoBody,
  TrackedOrder,
  UpdatePaymentDetailsBody,
} from '@/lib/contracts/orders';
import type { PaymentOutcome, PaymentStart } from '@/lib/contracts/payments';
import type {
  AccountOrder,
  AccountOrderList,
  DeleteAccountBody,
  Profile,
  ProfileBody,
  RecipientBody,
  Reorder,
  SavedRecipient,
} from '@/lib/contracts/account';
import type { ChargeOutcome, ChargeStart, ChargeView } from '@/lib/contracts/charges';
import type { UnsubscribeView } from '@/lib/contracts/unsubscribe';
import type { ReminderCreateBody, ReminderOffer, ReminderRefill, ReminderView } from '@/lib/contracts/reminders';

type Params = Record<string, string | number | boolean | undefined>;
type WithoutBusiness<T> = Omit<T, 'business'>;

async function get<T>(api: ApiClient, url: string, params: Params = {}, cacheable = false, headers?: Record<string, string>): Promise<T> {
  const all = { business: api.business, ...params };
  const key = cacheable && api.cache ? `${url}?${JSON.stringify(all)}` : null;
  if (key) {
    const hit = api.cache!.get(key);
    if (hit !== undefined) return hit as T;
  }
  const stamp = key ? api.cache!.stamp?.() : undefined;
  const res = await api.http.get<Envelope<T>>(url, { params: all, headers });
  if (key) api.cache!.set(key, res.data.data, stamp);
  return res.data.data;
}

async function send<T>(api: ApiClient, method: 'post' | 'put' | 'delete', url: string, body?: unknown, params: Params = {}, headers?: Record<string, string>): Promise<T> {
  const res = await api.http.request<Envelope<T>>({ method, url, data: body, params, headers });
  return res.data.data;
}

// Accounts
export const login = (api: ApiClient, body: WithoutBusiness<LoginBody>) =>
  send<UserRecord>(api, 'post', '/v1/regal/auth/login', { ...body, business: api.business });
export const signup = (api: ApiClient, body: WithoutBusiness<SignupBody>) =>
  send<UserRecord>(api, 'post', '/v1/regal/auth/signup', { ...body, business: api.business });
export const requestOtp = (api: ApiClient, body: WithoutBusiness<OtpRequestBody>) =>
  send<OtpRequestAnswer>(api, 'post', '/v1/regal/auth/otp/request', { ...body, business: api.business });
export const validateOtp = (api: ApiClient, body: WithoutBusiness<OtpValidateBody>) =>
  send<UserRecord>(api, 'post', '/v1/regal/auth/otp/validate', { ...body, business: api.business });
export const changePassword = (api: ApiClient, body: WithoutBusiness<ChangePasswordBody>) =>
  send<UserRecord>(api, 'put', '/v1/regal/auth/change-password', { ...body, business: api.business });
/**
 * Not in the spec's table: ends the session of the token sent. `token` is sent explicitly because
 * the client drops the stored user (where the client reads its token) before this call goes out.
 */
export const logout = (api: ApiClient, token: string) =>
  send<{ loggedOut: boolean }>(api, 'post', '/v1/regal/auth/logout', undefined, { business: api.business }, { Authorization: `Bearer ${token}` });

/** Not in the spec's table: ends every other session of the account; the token sent stays. */
export const logoutOthers = (api: ApiClient) => send<{ loggedOut: number }>(api, 'post', '/v1/regal/auth/logout-others', {}, { business: api.business });

// The shopper's account area (lib/contracts/account.ts documents each call)
const accountOrderPath = (orderNumber: string) => `/v1/regal/account/orders/${encodeURIComponent(orderNumber)}`;
const recipientPath = (id: string) => `/v1/regal/account/recipients/${encodeURIComponent(id)}`;
export const getAccountOrders = (api: ApiClient, page = 1) => get<AccountOrderList>(api, '/v1/regal/account/orders', { page });
export const getAccountOrder = (api: ApiClient, orderNumber: string) => get<AccountOrder>(api, accountOrderPath(orderNumber));
export const getReorder = (api: ApiClient, orderNumber: string) => get<Reorder>(api, `${accountOrderPath(orderNumber)}/reorder`);
export const getRecipients = (api: ApiClient) => get<SavedRecipient[]>(api, '/v1/regal/account/recipients');
export const addRecipient = (api: ApiClient, body: WithoutBusiness<RecipientBody>) =>
  send<SavedRecipient>(api, 'post', '/v1/regal/account/recipients', body, { business: api.business });
export const updateRecipient = (api: ApiClient, id: string, body: WithoutBusiness<RecipientBody>) =>
  send<SavedRecipient>(api, 'put', recipientPath(id), body, { business: api.business });
export const deleteRecipient = (api: ApiClient, id: string) => send<{ deleted: true }>(api, 'delete', recipientPath(id), undefined, { business: api.business });
export const getProfile = (api: ApiClient) => get<Profile>(api, '/v1/regal/account/profile');
export const updateProfile = (api: ApiClient, body: WithoutBusiness<ProfileBody>) =>
  send<Profile>(api, 'put', '/v1/regal/account/profile', body, { business: api.business });
export const deleteAccount = (api: ApiClient, body: WithoutBusiness<DeleteAccountBody>) =>
  send<{ deleted: true; email: string }>(api, 'post', '/v1/regal/account/delete', body, { business: api.business });

// Settings and newsletter
export const getHandshake = (api: ApiClient) => get<Handshake>(api, '/v1/regal/handshake');
export const subscribe = (api: ApiClient, query: WithoutBusiness<SubscribeQuery>) =>
  send<{ email: string; alreadySubscribed: boolean }>(api, 'post', '/v1/regal/subscribe', undefined, { business: api.business, email: query.email });

// Cart
export const updateCartItems = (api: ApiClient, cartItems: CartItem[]) =>
  send<CartUpdateAnswer>(api, 'put', '/v1/cart-item/update', { cartItems }, { business: api.business });

// Orders, coupons, tracking and reviews (lib/contracts/orders.ts documents each answer)
const orderPath = (id: string) => `/v1/firebase/order/${encodeURIComponent(id)}`;
export const getOrder = (api: ApiClient, id: string) => get<Order>(api, orderPath(id));
/** Sent with an `Idempotency-Key` per attempt (lib/api/attempt-key.ts): pressing again after a failure cannot make a second order. */
export const createOrder = (api: ApiClient, body: WithoutBusiness<OrderCreateBody>) =>
  withAttemptKey('order', body, (headers) => send<OrderCreated>(api, 'post', '/v1/firebase/order/create', { ...body, business: api.business }, {}, headers));
export const updateOrder = (api: ApiClient, id: string, body: WithoutBusiness<OrderUpdateBody>) =>
  send<Order>(api, 'put', orderPath(id), { ...body, business: api.business });
export const checkoutOrder = (api: ApiClient, id: string, body: WithoutBusiness<CheckoutOrderBody>) =>
  send<CheckoutAnswer>(api, 'put', `/v1/firebase/order/checkout-order/${encodeURIComponent(id)}`, { ...body, business: api.business });
export const saveSenderInfo = (api: ApiClient, id: string, body: WithoutBusiness<SaveSenderInfoBody>) =>
  send<Order>(api, 'put', `/v1/firebase/order/save-sender-info/${encodeURIComponent(id)}`, { ...body, business: api.business });
export const updatePaymentDetails = (api: ApiClient, id: string, body: WithoutBusiness<UpdatePaymentDetailsBody>) =>
  send<Order>(api, 'put', `/v1/firebase/order/update-payment-details/${encodeURIComponent(id)}`, body);
/** `headers`: server-side rendering forwards the shopper's address (the API limits misses per address). */
export const getOrderByNumber = (api: ApiClient, orderNumber: string, email?: string, headers?: Record<string, string>) =>
  get<TrackedOrder>(api, `/v1/firebase/order/order-number/${encodeURIComponent(orderNumber)}`, email ? { email } : {}, false, headers);
export const submitReview = (api: ApiClient, orderId: string, body: WithoutBusiness<ReviewBody>) =>
  send<Review>(api, 'post', `/v1/firebase/order/submit-review/${encodeURIComponent(orderId)}`, body);
export const validateCoupon = (api: ApiClient, body: WithoutBusiness<CouponValidateBody>) =>
  send<Order>(api, 'post', '/v1/coupon/validate', body, { business: api.business });
export const deleteCoupon = (api: ApiClient, orderId: string) =>
  send<Order>(api, 'delete', `/v1/firebase/order/delete-coupon/${encodeURIComponent(orderId)}`);

// Payments (lib/contracts/payments.ts documents each answer)
/**
 * With an `Idempotency-Key` per attempt, like `createOrder`; `shown` is what the shopper is paying
 * (method, amount): a failed attempt's key is sent again only while the order id and it are unchanged.
 */
export const startPayment = (api: ApiClient, orderId: string, shown?: unknown) =>
  withAttemptKey('pay', [orderId, shown], (headers) => send<PaymentStart>(api, 'post', `/v1/payments/start/${encodeURIComponent(orderId)}`, {}, {}, headers));
/** `query`: every parameter the provider's return added to the checkout URL (reference, trxref, status, token, …). */
export const verifyPayment = (api: ApiClient, orderId: string, query: Record<string, string>) =>
  get<PaymentOutcome>(api, `/v1/payments/verify/${encodeURIComponent(orderId)}`, query);
export const markTransferSent = (api: ApiClient, orderId: string) =>
  send<Order>(api, 'post', `/v1/payments/manual/${encodeURIComponent(orderId)}/sent`, {});

// Pay links for extra charges (lib/contracts/charges.ts)
const chargePath = (token: string) => `/v1/charges/${encodeURIComponent(token)}`;
export const getCharge = (api: ApiClient, token: string) => get<ChargeView>(api, chargePath(token));
// Occasion reminders (lib/contracts/reminders.ts)
export const createReminder = (api: ApiClient, body: Omit<ReminderCreateBody, 'business'>) => send<ReminderView>(api, 'post', '/v1/reminders', { ...body, business: api.business });
export const getReminderOffer = (api: ApiClient, token: string) => get<ReminderOffer>(api, '/v1/reminders/order', { t: token });
export const getReminderRefill = (api: ApiClient, token: string) => get<ReminderRefill>(api, '/v1/reminders/refill', { t: token });
export const getAccountReminders = (api: ApiClient) => get<ReminderView[]>(api, '/v1/regal/account/reminders');
export const stopAccountReminder = (api: ApiClient, id: string) =>
  send<{ stopped: true }>(api, 'delete', `/v1/regal/account/reminders/${encodeURIComponent(id)}`, undefined, { business: api.business });

/** What an e-mail's unsubscribe link is about (its token is the link's `t`). */
export const getUnsubscribe = (api: ApiClient, token: string) => get<UnsubscribeView>(api, '/v1/mail/unsubscribe', { t: token });
export const startCharge = (api: ApiClient, token: string, method: string) =>
  withAttemptKey('charge', [token, method], (headers) => send<ChargeStart>(api, 'post', `${chargePath(token)}/start`, { method }, {}, headers));
/** `query`: every parameter the provider's return added to the pay link. */
export const verifyCharge = (api: ApiClient, token: string, reference: string, query: Record<string, string>) =>
  send<ChargeOutcome & { charge: ChargeView }>(api, 'post', `${chargePath(token)}/verify`, { reference, query });

// Delivery capacity (lib/contracts/capacity.ts): the days each branch is fully booked
export const getDeliveryCalendar = (api: ApiClient, days?: number) => get<DeliveryCalendar>(api, '/v1/delivery/calendar', days ? { days } : {});

// Catalogue
export const getProductBySlug = (api: ApiClient, slug: string, query: Omit<ProductBySlugQuery, 'slug' | 'business'> = {}) =>
  get<ProductDetail>(api, `/v1/product/slug/${encodeURIComponent(slug)}`, { onlyActive: true, ...query }, true);
export const paginateProducts = (api: ApiClient, query: WithoutBusiness<PaginateQuery>) =>
  get<ProductPage>(
    api,
    '/v1/product/paginate',
    {
      onlyActive: true,
      ...query,
      searchValue: query.searchValue?.toLowerCase(),
    },
    true,
  );
export const getAllProducts = (api: ApiClient, query: WithoutBusiness<ProductAllQuery> = {}) =>
  get<ProductSummary[]>(api, '/v1/product/all', { onlyActive: true, ...query });
export const getProductsBySlugs = (api: ApiClient, slugs: string[], query: Omit<ProductSlugMultipleQuery, 'slugs' | 'business'> = {}) =>
  get<ProductSummary[]>(api, '/v1/product/slug-multiple', { onlyActive: true, ...query, slugs: slugs.join(',') }, true);
export const getCategory = (api: ApiClient, slug: string) => get<Category>(api, `/v1/product-category/${encodeURIComponent(slug)}`, {}, true);
export const getProductsByIds = (api: ApiClient, ids: string[], query: Omit<ProductIdMultipleQuery, 'ids' | 'business'> = {}) =>
  get<ProductSummary[]>(api, '/v1/product/id-multiple', { onlyActive: true, ...query, ids: ids.join(',') });
