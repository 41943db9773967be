/** Shared fixtures for component tests: a realistic shell and a provider wrapper. */
import type { ReactNode } from 'react';
import type { ShellData } from '@/lib/contracts/shell';
import type { ProductDetail, ProductSummary } from '@/lib/contracts/catalogue';
import type { CurrencyCode } from '@/lib/domain/money';
import { CurrencyProvider, resetCurrencyChoice } from '@/lib/state/currency-context';
import { ShellProvider } from '@/lib/state/shell-context';
import { SHELL } from '../helpers/render';
import { STORAGE_KEYS, writeStored } from '@/lib/state/storage';

export const shell: ShellData = SHELL;

/** Wraps in the shell and currency providers with a chosen currency. */
export function withProviders(currency: CurrencyCode = 'NGN') {
  resetCurrencyChoice();
  writeStored(STORAGE_KEYS.syncVersion, 3);
  writeStored(STORAGE_KEYS.currency, currency);
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <ShellProvider value={shell}>
        <CurrencyProvider currencies={shell.currencies}>{children}</CurrencyProvider>
      </ShellProvider>
    );
  };
}

export function summary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: '6aaa523b-1cd6-504a-9053-90bc1af0e99a',
    name: 'Red Velvet Romance – 24 red roses',
    subtitle: '24 red roses',
    slug: 'red-velvet-romance',
    price: 55000,
    sku: 'RF-ROS-0001',
    type: 'simple',
    images: [
      { src: '/media/p/a.webp', alt: 'Red roses, front view' },
      { src: '/media/p/b.webp', alt: 'Red roses, side view' },
    ],
    active: true,
    inStock: true,
    relevanceOrder: 1,
    budget: 'regular',
    ...overrides,
  };
}

export function detail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...summary(),
    description: 'Twenty-four red roses.',
    productClass: 'flowers',
    categories: ['roses', 'all'],
    flowerType: ['fresh flowers'],
    design: ['bouquets'],
    packages: [],
    delivery: ['same day delivery'],
    flowerName: ['roses'],
    variants: [],
    designOptions: [],
    relatedProducts: [],
    reviews: [],
    rating: null,
    ...overrides,
  };
}
