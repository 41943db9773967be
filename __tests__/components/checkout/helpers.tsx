/**
 * Checkout component tests: an order as the API answers it, msw answers for the order calls that
 * record every request (method, path, body), and the checkout page rendered inside the shop's
 * providers (shell, currency, user, cart) with the auth dialog root, as the layout wires them.
 * Test files mock next/router with a `checkoutRouter()`.
 */
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { AuthRoot } from '@/components/auth';
import type { UserRecord } from '@/lib/contracts/auth';
import type { CartItem } from '@/lib/domain/cart';
import type { Order, OrderProduct } from '@/lib/contracts/orders';
import type { CurrencyCode } from '@/lib/domain/money';
import { SEED_DELIVERY_SETTINGS } from '@/lib/samples/settings';
import { CartProvider, resetCartStore } from '@/lib/state/cart-context';
import { resetOrderStore } from '@/lib/state/checkout-order';
import { STORAGE_KEYS, SYNC_VERSION, writeStored } from '@/lib/state/storage';
import { resetUserStore, UserProvider, useUser } from '@/lib/state/user-context';
import { withProviders } from '../fixtures';
import { server } from '../../helpers/msw';
import { fakeRouter, SHELL } from '../../helpers/render';

export const settings = SEED_DELIVERY_SETTINGS;

/** A fake router with `replace` too (the checkout leaves with it). */
export const checkoutRouter = (pathname = '/checkout', query: Record<string, string> = {}) =>
  Object.assign(fakeRouter(pathname), { query, replace: jest.fn((_url: string) => Promise.resolve(true)) });

const roses: OrderProduct = {
  id: 'p-roses',
  image: { src: '/media/p/roses.webp', alt: 'Red roses' },
  name: 'Red Velvet Romance',
  price: 55000,
  quantity: 2,
  size: 'Deluxe',
  SKU: 'RF-ROS-0001-DLX',
  design: { name: 'in-a-vase', title: 'In a Vase', price: 15000, quantity: 2 },
  lineTotal: 140000,
};

/** An unpaid order with two roses (₦140,000), nothing checked out yet. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'order-1',
    orderNumber: 'RF-100234',
    status: 'created',
    paymentState: 'unpaid',
    paymentTest: false,
    paymentStatus: 'not paid',
    paymentMethod: null,
    deliveryDate: '2030-03-05',
    deliveryMethod: null,
    currency: 'NGN',
    conversionRate: 1,
    amounts: { subtotal: 140000, deliveryFee: 0, discount: 0, total: 140000 },
    amountsInCurrency: { subtotal: 140000, deliveryFee: 0, discount: 0, total: 140000 },
    deliveryFeeQuotedByStaff: false,
    coupon: null,
    orderProducts: [roses],
    client: { email: '', name: '', phone: '', phoneCountryCode: '' },
    deliveryDetails: {
      recipientName: '',
      recipientPhone: '',
      recipientPhoneCountryCode: '',
      recipientAltPhone: '',
      recipientAltPhoneCountryCode: '',
      recipientAddress: '',
      state: '',
      zone: '',
    },
    recipientAddress: '',
    deliveryMessage: '',
    purpose: '',
    adminNotes: '',
    despatchLocation: '',
    deliveryInstruction: '',
    pickupState: '',
    timeline: [],
    review: null,
    createdAt: '2030-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export type Seen = { method: string; path: string; body: Record<string, unknown> | undefined };
type Reply = { data: unknown } | { status: number; message: string };
export const ok = (data: unknown): Reply => ({ data });
export const fail = (status: number, message: string): Reply => ({ status, message });

/**
 * Answers calls given as 'PUT /v1/firebase/order/checkout-order/order-1' (a reply, or a function
 * of the request) the way the API does, and returns every request seen, in order.
 */
export function answer(routes: Record<string, Reply | ((seen: Seen) => Reply)>): Seen[] {
  const seen: Seen[] = [];
  server.use(
    ...Object.entries(routes).map(([key, reply]) => {
      const [method = 'GET', path = ''] = key.split(' ');
      const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      return http[verb](`*${path}`, async ({ request }) => {
        const text = await request.text();
        const entry: Seen = { method, path, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
        seen.push(entry);
        const r = typeof reply === 'function' ? reply(entry) : reply;
        return 'data' in r
          ? HttpResponse.json({ data: r.data, error: false, message: 'OK' })
          : HttpResponse.json({ data: null, error: true, message: r.message, status: r.status }, { status: r.status });
      });
    }),
  );
  return seen;
}

export const record = (email: string, overrides: Partial<UserRecord> = {}): UserRecord => ({
  authToken: `token-${email}`,
  email,
  name: 'Ada Obi',
  cartItems: [],
  recipients: [],
  ...overrides,
});

/** Browser storage as a previous visit left it: sync version, and optionally a user, cart, day, order id, coupon. */
export function storeVisit({
  user = null,
  cart = [],
  day = null,
  orderId = null,
  coupon = null,
}: { user?: UserRecord | null; cart?: CartItem[]; day?: string | null; orderId?: string | null; coupon?: string | null } = {}): void {
  localStorage.clear();
  writeStored(STORAGE_KEYS.syncVersion, SYNC_VERSION);
  if (user) writeStored(STORAGE_KEYS.user, user);
  if (cart.length) writeStored(STORAGE_KEYS.cartItems, cart);
  writeStored(STORAGE_KEYS.deliveryDate, day);
  writeStored(STORAGE_KEYS.orderId, orderId);
  writeStored(STORAGE_KEYS.coupon, coupon);
  resetUserStore();
  resetCartStore();
  resetOrderStore();
  if (user) {
    answer({
      'GET /v1/regal/handshake': ok({ user, currencies: [], deliveryZoneAmount: {}, settings: {} }),
      'PUT /v1/cart-item/update': ok({ cartItems: [] }),
    });
  }
}

function WithUserCart({ children }: { children: ReactNode }) {
  const { user } = useUser();
  return <CartProvider authToken={user?.authToken ?? null}>{children}</CartProvider>;
}

/** Renders `ui` as the app does: shell, currency, user and cart providers, and the auth dialog root. */
export function renderInShop(ui: ReactNode, { currency = 'NGN' }: { currency?: CurrencyCode } = {}) {
  const Providers = withProviders(currency);
  return render(
    <Providers>
      <UserProvider>
        <WithUserCart>
          {ui}
          <AuthRoot />
        </WithUserCart>
      </UserProvider>
    </Providers>,
  );
}

export { SHELL };
