/**
 * The checkout page (spec sections 2, 4 and 8): the order fetched by the query's (or the stored)
 * id, the fetch rules (404: forget and go home; paid: forget and show the done stage; other
 * failures: a retry), the auth dialog for guests, the stage header, and the page's caching.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetServerSidePropsContext } from 'next';
import { renderToString } from 'react-dom/server';
import CheckoutPage, { getServerSideProps } from '@/pages/checkout';
import type { Order } from '@/lib/contracts/orders';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { UserProvider } from '@/lib/state/user-context';
import { withProviders } from '../fixtures';
import { listenToMsw } from '../../helpers/msw';
import { chocolates } from '../cart/helpers';
import { answer, checkoutRouter, fail, makeOrder, ok, record, renderInShop, settings, SHELL, storeVisit } from './helpers';

let mockRouter = checkoutRouter();
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { router: null } }));
jest.mock('@/lib/server/shell', () => ({
  withShell: (inner: (ctx: unknown, shell: unknown) => Promise<unknown>) => (ctx: unknown) => inner(ctx, {}),
  getGuestHandshake: () =>
    Promise.resolve({
      settings: {
        deliverySettings: jest.requireActual('@/lib/samples/settings').SEED_DELIVERY_SETTINGS,
        alertSettings: jest.requireActual('@/lib/samples/settings').SEED_ALERT_SETTINGS,
      },
    }),
}));
jest.mock('@/lib/ui/notify');

listenToMsw();

function openPage(query: Record<string, string> = { orderId: 'order-1' }, greetFor: string | null = null, order: Order | null = null) {
  mockRouter = checkoutRouter('/checkout', query);
  return renderInShop(<CheckoutPage shell={SHELL} deliverySettings={settings} greetFor={greetFor} order={order} />);
}

const GREETING = { name: 'WELCOME TO SECURE CHECKOUT' } as const;

const cartStorage = () => ({
  orderId: readStored(STORAGE_KEYS.orderId),
  cartItems: readStored(STORAGE_KEYS.cartItems),
  deliveryDate: readStored(STORAGE_KEYS.deliveryDate),
  coupon: readStored(STORAGE_KEYS.coupon),
});

describe('/checkout', () => {
  it('fetches the order of the query, shows the form and the summary, and opens the auth dialog with guest checkout', async () => {
    storeVisit({ cart: [chocolates] });
    const seen = answer({ 'GET /v1/firebase/order/order-1': ok(makeOrder()) });
    openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Delivery details' })).toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Order RF-100234')).toBeInTheDocument();
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /v1/firebase/order/order-1']);
    expect(readStored(STORAGE_KEYS.orderId)).toBe('order-1');

    const dialog = await screen.findByRole('dialog', { name: 'WELCOME TO SECURE CHECKOUT' });
    expect(within(dialog).getByRole('button', { name: 'Guest Checkout' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('marks the current stage in the stage header', async () => {
    storeVisit();
    answer({ 'GET /v1/firebase/order/order-1': ok(makeOrder()) });
    openPage();
    const stages = screen.getByRole('navigation', { name: 'Checkout stages' });
    const items = within(stages).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['1Delivery', '2Payment', '3Done']);
    expect(items[0]).toHaveAttribute('aria-current', 'step');
    expect(items[1]).not.toHaveAttribute('aria-current');
  });

  it('takes the order the server read with the page without asking again, and fetches it again on a retry only', async () => {
    storeVisit({ cart: [chocolates] });
    const seen = answer({ 'GET /v1/firebase/order/order-1': ok(makeOrder()) });
    openPage({ orderId: 'order-1' }, null, makeOrder());
    expect(await screen.findByRole('heading', { name: 'Delivery details' })).toBeInTheDocument();
    expect(within(screen.getByRole('complementary', { name: 'Order summary' })).getByText('Order RF-100234')).toBeInTheDocument();
    expect(readStored(STORAGE_KEYS.orderId)).toBe('order-1');
    expect(seen).toEqual([]);
  });

  it("applies the fetch rules to the server's order too: paid shows the done stage and forgets the checkout", async () => {
    storeVisit({ cart: [chocolates], orderId: 'order-1' });
    const seen = answer({ 'GET /v1/firebase/order/order-1': ok(makeOrder()) });
    openPage({ orderId: 'order-1' }, null, makeOrder({ paymentStatus: 'PAID - GO AHEAD (Paystack)', status: 'paid' }));
    expect(await screen.findByRole('region', { name: 'Thank you, your order is paid' })).toBeInTheDocument();
    await waitFor(() => expect(cartStorage()).toEqual({ orderId: null, cartItems: null, deliveryDate: null, coupon: null }));
    expect(seen).toEqual([]);
  });

  it("the unfinished-payment e-mail's link (stage=payment) opens the payment stage of an order whose details are saved, without the auth dialog", async () => {
    storeVisit();
    const saved = makeOrder({ deliveryMethod: 'delivery', client: { email: 'ada@example.com', name: 'Ada', phone: '8031234567', phoneCountryCode: '+234' } });
    answer({ 'GET /v1/firebase/order/order-1': ok(saved) });
    openPage({ orderId: 'order-1', stage: 'payment' }, null, saved);
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readStored(STORAGE_KEYS.orderId)).toBe('order-1');
  });

  it('stage=payment on an order whose details were never saved opens the delivery stage', async () => {
    storeVisit();
    answer({ 'GET /v1/firebase/order/order-1': ok(makeOrder()) });
    openPage({ orderId: 'order-1', stage: 'payment' }, null, makeOrder());
    expect(await screen.findByRole('heading', { name: 'Delivery details' })).toBeInTheDocument();
  });

  it('uses the stored order id when the address has none', async () => {
    storeVisit({ orderId: 'order-1' });
    const seen = answer({ 'GET /v1/firebase/order/order-1': ok(makeOrder()) });
    openPage({});
    expect(await screen.findByRole('heading', { name: 'Delivery details' })).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it('goes to / when there is no order id at all', async () => {
    storeVisit();
    openPage({});
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
  });

  it('does not open the auth dialog for a logged-in shopper', async () => {
    storeVisit({ user: record('ada@example.com') });
    answer({ 'GET /v1/firebase/order/order-1': ok(makeOrder()) });
    openPage();
    expect(await screen.findByRole('heading', { name: 'Delivery details' })).toBeInTheDocument();
    // The sender fields come from the account.
    await waitFor(() => expect(screen.getByLabelText(/^Your email/)).toHaveValue('ada@example.com'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on 404 forgets the stored order, cart, date and coupon and goes to /', async () => {
    storeVisit({ cart: [chocolates], day: '2030-03-05', orderId: 'order-1', coupon: 'ROSES10' });
    answer({ 'GET /v1/firebase/order/order-1': fail(404, 'Order not found') });
    openPage();
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    await waitFor(() => expect(cartStorage()).toEqual({ orderId: null, cartItems: null, deliveryDate: null, coupon: null }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('for a paid order forgets the stored order, cart, date and coupon and shows the done stage', async () => {
    storeVisit({ cart: [chocolates], day: '2030-03-05', orderId: 'order-1', coupon: 'ROSES10' });
    const paid = makeOrder({
      paymentStatus: 'PAID - GO AHEAD (Paystack)',
      status: 'paid',
      deliveryMethod: 'delivery',
      client: { email: 'ada@example.com', name: 'Ada', phone: '+2348031234567', phoneCountryCode: '+234' },
      deliveryDetails: { ...makeOrder().deliveryDetails, state: 'abuja', zone: 'abuja-central' },
    });
    answer({ 'GET /v1/firebase/order/order-1': ok(paid) });
    openPage();
    const done = await screen.findByRole('region', { name: 'Thank you, your order is paid' });
    expect(done).toHaveTextContent('Order number RF-100234');
    expect(done).toHaveTextContent('What happens next');
    const whatsapp = within(done).getByRole('link', { name: /WhatsApp/ });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/2348030000022\?text=.*RF-100234/);
    await waitFor(() => expect(cartStorage()).toEqual({ orderId: null, cartItems: null, deliveryDate: null, coupon: null }));
    expect(within(screen.getByRole('navigation', { name: 'Checkout stages' })).getAllByRole('listitem')[2]).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it("offers 'Remind me next year' for the occasion on the done stage, and says when it will e-mail; a refusal shows the shop's message", async () => {
    storeVisit({ orderId: 'order-1' });
    const paid = makeOrder({
      paymentStatus: 'PAID - GO AHEAD (Paystack)',
      status: 'paid',
      deliveryMethod: 'delivery',
      deliveryDate: '2026-12-04',
      purpose: 'Birthday',
      client: { email: 'ada@example.com', name: 'Ada', phone: '+2348031234567', phoneCountryCode: '+234' },
      deliveryDetails: { ...makeOrder().deliveryDetails, recipientName: 'Amaka' },
    });
    let refuse = true;
    const seen = answer({
      'GET /v1/firebase/order/order-1': ok(paid),
      'POST /v1/reminders': () =>
        refuse ? fail(409, 'An order can be remembered once it is paid.') : ok({ id: 'r-1', occasion: 'Birthday', recipientName: 'Amaka', nextOn: '2027-12-04', orderNumber: 'RF-100234', muted: false }),
    });
    openPage();
    const done = await screen.findByRole('region', { name: 'Thank you, your order is paid' });
    expect(done).toHaveTextContent("We can e-mail you a week before and the day before Amaka's Birthday next year");
    await userEvent.click(within(done).getByRole('button', { name: 'Remind me next year' }));
    expect(await within(done).findByRole('alert')).toHaveTextContent('Could not set the reminder: An order can be remembered once it is paid.');
    refuse = false;
    await userEvent.click(within(done).getByRole('button', { name: 'Remind me next year' }));
    expect(await within(done).findByRole('status')).toHaveTextContent("Reminder set: we will e-mail you on 27 Nov 2027 and 3 Dec 2027, before Amaka's Birthday on 4 Dec 2027.");
    expect(within(done).queryByRole('button', { name: 'Remind me next year' })).not.toBeInTheDocument();
    expect(seen.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([
      { orderId: paid.id, business: expect.any(String) },
      { orderId: paid.id, business: expect.any(String) },
    ]);
  });

  it('shows a paid pick-up with its pickup point and the Lagos branch', async () => {
    storeVisit({ orderId: 'order-1' });
    answer({ 'GET /v1/firebase/order/order-1': ok(makeOrder({ paymentStatus: 'PAID - GO AHEAD (bank transfer)', deliveryMethod: 'pick-up', despatchLocation: 'LPL' })) });
    openPage();
    const done = await screen.findByRole('region', { name: 'Thank you, your order is paid' });
    expect(done).toHaveTextContent('12 Admiralty Way, Lekki Phase 1, Lagos');
    expect(within(done).getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/2348030000011\?/);
  });

  it('keeps the page with a retry when the order cannot be fetched for another reason', async () => {
    storeVisit({ cart: [chocolates], orderId: 'order-1' });
    let calls = 0;
    answer({ 'GET /v1/firebase/order/order-1': () => (++calls === 1 ? fail(503, 'The shop is resting') : ok(makeOrder())) });
    openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your order');
    expect(readStored(STORAGE_KEYS.orderId)).toBe('order-1');
    expect(readStored(STORAGE_KEYS.cartItems)).not.toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Delivery details' })).toBeInTheDocument();
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });
});

describe('the guest greeting the server renders (greetFor)', () => {
  it("is in the server's HTML, drawn as the open auth dialog with Guest Checkout chosen", () => {
    mockRouter = checkoutRouter('/checkout', { orderId: 'order-1' });
    const Providers = withProviders('NGN');
    const html = renderToString(
      <Providers>
        <UserProvider>
          <CheckoutPage shell={SHELL} deliverySettings={settings} greetFor="order-1" />
        </UserProvider>
      </Providers>,
    );
    expect(html).toMatch(/<dialog open="" class="[^"]+" aria-labelledby="[^"]+"><button type="button" [^>]*aria-label="Close"/);
    expect(html).toContain('>WELCOME TO SECURE CHECKOUT</h2>');
    expect(html).toMatch(/<button type="button" aria-expanded="true" [^>]*>Guest Checkout/);
    expect(html).toContain('Check out without an account. You can still create one later.');
    expect(html).toMatch(/<button type="button" aria-expanded="false" [^>]*>Register/);
    expect(html).toMatch(/<button type="button" aria-expanded="false" [^>]*>Login/);
    expect(html).toContain('Loading your order…');
  });

  it('Continue as Guest answers it, and the checkout then does not open the auth dialog', async () => {
    storeVisit({ cart: [chocolates] });
    answer({ 'GET /v1/firebase/order/order-1': ok(makeOrder()) });
    openPage({ orderId: 'order-1' }, 'order-1');
    const greeting = screen.getByRole('dialog', GREETING); // with the page's first render
    expect(within(greeting).getByRole('button', { name: 'Guest Checkout' })).toHaveFocus();
    await userEvent.click(within(greeting).getByRole('button', { name: 'Continue as Guest' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Delivery details' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the close button answers it too', async () => {
    storeVisit();
    answer({ 'GET /v1/firebase/order/order-1': ok(makeOrder()) });
    openPage({ orderId: 'order-1' }, 'order-1');
    await userEvent.click(within(screen.getByRole('dialog', GREETING)).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Register opens the full auth dialog on Register, still with Guest Checkout in it, in its place', async () => {
    storeVisit();
    answer({ 'GET /v1/firebase/order/order-1': ok(makeOrder()) });
    openPage({ orderId: 'order-1' }, 'order-1');
    await userEvent.click(within(screen.getByRole('dialog', GREETING)).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^First name/ })).toBeVisible());
    const dialogs = screen.getAllByRole('dialog', GREETING);
    expect(dialogs).toHaveLength(1); // the full dialog replaced the greeting
    expect(within(dialogs[0]!).getByRole('button', { name: 'Register' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialogs[0]!).getByRole('button', { name: 'Guest Checkout' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('is left out for a signed-in shopper, and no dialog opens', async () => {
    storeVisit({ user: record('ada@example.com') });
    answer({ 'GET /v1/firebase/order/order-1': ok(makeOrder()) });
    openPage({ orderId: 'order-1' }, 'order-1');
    expect(await screen.findByRole('heading', { name: 'Delivery details' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('getServerSideProps', () => {
  const alerts = jest.requireActual('@/lib/samples/settings').SEED_ALERT_SETTINGS.paymentAlerts;
  const serve = (query: Record<string, string>) => getServerSideProps({ res: { setHeader: jest.fn() }, query } as unknown as GetServerSidePropsContext);

  it("marks the page private and sends the delivery settings and the shop's payment alerts", async () => {
    const setHeader = jest.fn();
    const result = await getServerSideProps({ res: { setHeader }, query: {} } as unknown as GetServerSidePropsContext);
    expect(setHeader).toHaveBeenCalledWith('Cache-Control', 'private, no-store');
    expect(result).toEqual({ props: { deliverySettings: settings, paymentAlerts: alerts, order: null, greetFor: null } });
  });

  it('reads the order of the address (not on a return from a payment provider) and greets a guest when it opens on the delivery stage', async () => {
    const seen = answer({
      'GET /v1/firebase/order/unpaid': ok(makeOrder({ id: 'unpaid' })),
      'GET /v1/firebase/order/paid': ok(makeOrder({ id: 'paid', paymentStatus: 'PAID - GO AHEAD (Paystack)' })),
      'GET /v1/firebase/order/gone': fail(404, 'Order not found'),
    });
    const props = async (query: Record<string, string>) => ((await serve(query)) as { props: { greetFor: string | null; order: Order | null } }).props;
    const greetFor = async (query: Record<string, string>) => (await props(query)).greetFor;
    expect(await props({ orderId: 'unpaid' })).toMatchObject({ greetFor: 'unpaid', order: { id: 'unpaid', orderNumber: 'RF-100234' } });
    expect(await greetFor({ orderId: 'paid' })).toBeNull();
    expect(await props({ orderId: 'gone' })).toMatchObject({ greetFor: null, order: null });
    // Back from a payment provider: the shopper chose already, and the order is not fetched.
    expect(await greetFor({ orderId: 'unpaid', payment: 'paystack', reference: 'ref-1' })).toBeNull();
    expect(await props({ orderId: 'unpaid', payment: 'paystack', reference: 'ref-1' })).toMatchObject({ order: null });
    // The e-mail's link back to paying: the order is read, the shopper is not greeted.
    expect(await props({ orderId: 'unpaid', stage: 'payment' })).toMatchObject({ greetFor: null, order: { id: 'unpaid' } });
    expect(seen.map((s) => s.path)).toEqual(['/v1/firebase/order/unpaid', '/v1/firebase/order/paid', '/v1/firebase/order/gone', '/v1/firebase/order/unpaid']);
  });
});
