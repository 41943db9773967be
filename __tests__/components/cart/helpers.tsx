/** Cart component tests: a cart in storage, and the shell, currency and cart providers around the UI. */
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import type { CartItem } from '@/lib/domain/cart';
import type { CurrencyCode } from '@/lib/domain/money';
import { UserProvider } from '@/lib/state/user-context';
import { CartProvider, resetCartStore } from '@/lib/state/cart-context';
import { STORAGE_KEYS, writeStored } from '@/lib/state/storage';
import { withProviders } from '../fixtures';

export const roses: CartItem = {
  productId: 'p-roses',
  name: 'Red Velvet Romance',
  description: '24 red roses',
  price: 55000,
  quantity: 2,
  image: { src: '/media/p/roses.webp', alt: 'Red roses, front view' },
  size: 'Deluxe',
  SKU: 'RF-ROS-0001-DLX',
  design: { name: 'in-a-vase', title: 'In a Vase', price: 15000, quantity: 2 },
};

export const chocolates: CartItem = {
  productId: 'p-choc',
  name: 'Ferrero Box',
  description: '24 pieces',
  price: 21000,
  quantity: 1,
  image: { src: '/media/p/choc.webp', alt: 'A box of chocolates' },
  SKU: 'RF-CHO-0001',
};

/** Stores a cart (and a day) as a previous visit left it, and forgets the one in memory. */
export function storeCart(items: CartItem[], deliveryDate: string | null = null): void {
  resetCartStore();
  writeStored(STORAGE_KEYS.cartItems, items.length ? items : null);
  writeStored(STORAGE_KEYS.deliveryDate, deliveryDate);
}

export function renderWithCart(ui: ReactElement, { currency = 'NGN', authToken = null }: { currency?: CurrencyCode; authToken?: string | null } = {}) {
  const Providers = withProviders(currency);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers>
      <UserProvider>
        <CartProvider authToken={authToken}>{children}</CartProvider>
      </UserProvider>
    </Providers>
  );
  return render(ui, { wrapper });
}
