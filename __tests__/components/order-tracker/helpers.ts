/**
 * Order tracker tests: tracked orders as `GET /v1/firebase/order/order-number/{number}` answers
 * them (lib/contracts/orders.ts), and msw answers for the tracking and review calls that record
 * every request.
 */
import { http, HttpResponse } from 'msw';
import type { Review, TrackedOrder } from '@/lib/contracts/orders';
import { server } from '../../helpers/msw';

/** The timeline as staff moved the order, deliberately not oldest first. */
export const TIMELINE: TrackedOrder['timeline'] = [
  { status: 'paid', label: 'Payment received', note: 'Paid with Paystack', at: '2027-02-12T09:20:00Z' },
  { status: 'created', label: 'Order created', note: '', at: '2027-02-12T09:15:00Z' },
  { status: 'out_for_delivery', label: 'Out for delivery', note: 'With our rider Tunde', at: '2027-02-14T08:05:00Z' },
  { status: 'preparing', label: 'Being prepared', note: 'Arranged and inspected', at: '2027-02-13T16:40:00Z' },
];

/** What anyone with the number sees. */
export function tracked(overrides: Partial<TrackedOrder> = {}): TrackedOrder {
  return {
    orderNumber: 'RF-100234',
    status: 'out_for_delivery',
    statusLabel: 'Out for delivery',
    paymentStatus: 'PAID - GO AHEAD (Paystack)',
    deliveryDate: '2027-02-14',
    deliveryMethod: 'delivery',
    despatchLocation: '',
    timeline: TIMELINE,
    items: [
      { name: 'Red Velvet Romance', size: 'Deluxe', quantity: 2, image: { src: '/media/p/roses.webp', alt: 'Red roses, front view' } },
      { name: 'Ferrero Box', quantity: 1, image: { src: '/media/p/choc.webp', alt: 'A box of chocolates' } },
    ],
    verified: false,
    ...overrides,
  };
}

/** What the checkout e-mail adds. */
export function verified(overrides: Partial<TrackedOrder> = {}): TrackedOrder {
  return tracked({
    verified: true,
    id: 'order-1',
    recipient: { name: 'Ngozi Adeyemi', address: '[Office] 5 Bourdillon Road, Ikoyi', phone: '+2348031234567' },
    canReview: false,
    review: null,
    ...overrides,
  });
}

export const REVIEW: Review = { rating: 4, comment: 'Lovely roses, on time.', authorName: 'Ada O.', createdAt: '2027-02-15T10:30:00Z' };

export type Seen = { path: string; query: URLSearchParams; body: unknown };
type Reply = { ok: true; data: unknown } | { ok: false; status: number; message: string };
export const ok = (data: unknown): Reply => ({ ok: true, data });
export const fail = (status: number, message: string): Reply => ({ ok: false, status, message });

/** Answers the tracking lookup and the review call as the API does; returns the requests seen. */
export function answer(routes: { track?: Reply; review?: Reply }): Seen[] {
  const seen: Seen[] = [];
  const reply = async (request: Request, r: Reply) => {
    const text = await request.text();
    const url = new URL(request.url);
    seen.push({ path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined });
    return r.ok
      ? HttpResponse.json({ data: r.data, error: false, message: 'OK' })
      : HttpResponse.json({ data: null, error: true, message: r.message, status: r.status }, { status: r.status });
  };
  const { track, review } = routes;
  server.use(
    ...(track ? [http.get('*/v1/firebase/order/order-number/:number', ({ request }) => reply(request, track))] : []),
    ...(review ? [http.post('*/v1/firebase/order/submit-review/:id', ({ request }) => reply(request, review))] : []),
  );
  return seen;
}
