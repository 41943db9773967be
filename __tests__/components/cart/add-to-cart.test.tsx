/** Adding to the cart from product cards and the product page, with the 'Item Added To Cart' notice and the header badge. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductGrid } from '@/components/product/product-grid';
import { addToCart } from '@/components/cart/add-to-cart';
import { CART_FULL_MESSAGE } from '@/components/cart/added-to-cart';
import { Layout } from '@/components/layout/layout';
import { PurchasePanel } from '@/components/product/purchase-panel';
import type { CartItem } from '@/lib/domain/cart';
import { DEFAULT_CURRENCIES } from '@/lib/domain/money';
import { MAX_ITEMS } from '@/lib/domain/cart';
import { setCartOpen } from '@/lib/state/cart-context';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { onToast, TOAST_SWAP_DELAY_MS, type PendingToast } from '@/lib/ui/notify';
import { listenToMsw } from '../../helpers/msw';
import { fakeRouter } from '../../helpers/render';
import { detail, summary } from '../fixtures';
import { chocolates, renderWithCart, storeCart } from './helpers';

const mockRouter = fakeRouter('/product-category/roses');
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { router: null } }));

listenToMsw();

const naira = DEFAULT_CURRENCIES[0]!;
const simple = summary();
const variable = summary({ id: 'id-lilies', slug: 'white-lilies', name: 'White Lilies – a tall vase', sku: 'RF-LIL-0001', type: 'variable' });

beforeEach(() => storeCart([]));
afterEach(() => setCartOpen(false));

/** Lets a notice still in its 300 ms swap reach the toast host before the test unmounts it. */
const settleToasts = () => act(() => new Promise((resolve) => setTimeout(resolve, TOAST_SWAP_DELAY_MS + 50)));

const stored = () => readStored<CartItem[]>(STORAGE_KEYS.cartItems) ?? [];

describe('adding from a product card', () => {
  it("adds a simple product with 'Buy Now', says so, and the notice's View Cart opens the cart", async () => {
    const user = userEvent.setup();
    renderWithCart(
      <Layout>
        <ProductGrid products={[simple, variable]} currency={naira} />
      </Layout>,
    );
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    // A variable product needs its size: its card leads to the product page.
    expect(screen.getByRole('link', { name: 'Select size: White Lilies' })).toHaveAttribute('href', '/product/white-lilies');

    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    const notice = await screen.findByText('Item Added To Cart', undefined, { timeout: 3000 });
    expect(await screen.findByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(stored()).toEqual([expect.objectContaining({ SKU: 'RF-ROS-0001', quantity: 1, name: 'Red Velvet Romance', description: '24 red roses', price: 55000 })]);

    await user.click(within(notice).getByRole('button', { name: 'View Cart' }));
    const cart = await screen.findByRole('dialog', { name: 'My Cart (1)' });
    expect(within(cart).getByRole('heading', { name: 'Red Velvet Romance' })).toBeInTheDocument();
    await user.click(within(cart).getByRole('button', { name: 'Close cart' }));

    // The same product again: one more of the same item.
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(stored()).toEqual([expect.objectContaining({ SKU: 'RF-ROS-0001', quantity: 2 })]);
    await settleToasts();
  });

  it('opens the cart from the header button', async () => {
    const user = userEvent.setup();
    storeCart([chocolates]);
    renderWithCart(
      <Layout>
        <p>page</p>
      </Layout>,
    );
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    const cart = await screen.findByRole('dialog', { name: 'My Cart (1)' });
    expect(within(cart).getByRole('heading', { name: 'Ferrero Box' })).toBeInTheDocument();
  });

  it('says so when the cart is full', async () => {
    const toasts: PendingToast[] = [];
    onToast((toast) => void (toast && toasts.push(toast)));
    const user = userEvent.setup();
    storeCart(Array.from({ length: MAX_ITEMS }, (_, i) => ({ ...chocolates, SKU: `S${i}` })));
    renderWithCart(<ProductGrid products={[simple]} currency={naira} />);
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ kind: 'error', content: CART_FULL_MESSAGE })]));
    expect(stored()).toHaveLength(MAX_ITEMS);
    onToast(null);
  });
});

describe('adding from the product page', () => {
  const product = detail({
    type: 'variable',
    price: 48000,
    variants: [
      { id: 'v1', name: 'Standard', sku: 'RF-ROS-0001-STD', price: 48000, inStock: true },
      { id: 'v2', name: 'Deluxe', sku: 'RF-ROS-0001-DLX', price: 77000, inStock: true },
    ],
    designOptions: [
      { name: 'wrapped-bouquet', title: 'Wrapped Bouquet', price: 0 },
      { name: 'in-a-vase', title: 'In a Vase', price: 15000 },
    ],
  });

  it('adds the chosen size and design (as pages/product/[slug].tsx wires it)', async () => {
    const user = userEvent.setup();
    renderWithCart(
      <Layout>
        <PurchasePanel product={product} onAdd={(choice) => addToCart(choice.product, choice.variant, choice.design)} />
      </Layout>,
    );
    await user.click(screen.getByRole('radio', { name: /Deluxe/ }));
    await user.click(screen.getByRole('radio', { name: /In a Vase/ }));
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    await screen.findByText('Item Added To Cart', undefined, { timeout: 3000 });
    expect(stored()).toEqual([
      {
        productId: product.id,
        name: 'Red Velvet Romance',
        description: '24 red roses',
        price: 77000,
        quantity: 1,
        image: { src: '/media/p/a.webp', alt: 'Red roses, front view' },
        size: 'Deluxe',
        SKU: 'RF-ROS-0001-DLX',
        design: { name: 'in-a-vase', title: 'In a Vase', price: 15000, quantity: 1 },
      },
    ]);

    // Another size is another item.
    await user.click(screen.getByRole('radio', { name: /Standard/ }));
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    await waitFor(() => expect(stored().map((i) => [i.SKU, i.quantity])).toEqual([
      ['RF-ROS-0001-DLX', 1],
      ['RF-ROS-0001-STD', 1],
    ]));
    expect(await screen.findByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await settleToasts();
  });
});
