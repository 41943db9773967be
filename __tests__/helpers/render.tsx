/**
 * Rendering components as the shop does: inside ShellProvider (a realistic shell, as the
 * handshake sends it) and CurrencyProvider (naira unless told), plus a fake Next router for
 * `jest.mock('next/router', () => ({ useRouter: () => mockRouter }))`.
 */
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import type { ShellData } from '@/lib/contracts/shell';
import { DEFAULT_CURRENCIES, type CurrencyCode } from '@/lib/domain/money';
import { CurrencyProvider, resetCurrencyChoice } from '@/lib/state/currency-context';
import { ShellProvider } from '@/lib/state/shell-context';
import { NAVIGATION } from '@/lib/content/navigation';
import { STORAGE_KEYS, writeStored } from '@/lib/state/storage';

export const SHELL: ShellData = {
  siteUrl: 'https://shop.example',
  businessId: 'regal',
  currencies: [...DEFAULT_CURRENCIES],
  siteWideAlert: 'Same-day delivery in Lagos and Abuja for orders placed before 4pm',
  sameDayCutoffHour: 16,
  shopInfo: {
    brandName: 'Regal Flowers',
    contactEmail: 'info@shop.example',
    branches: [
      { key: 'lagos', name: 'Lagos Head Office', address: '81b Lafiaji Way, Ikoyi, Lagos', phone: '+234 803 000 0001', whatsapp: '+234 803 000 0011', mapUrl: 'https://maps.example/lagos', hours: 'Open 24/7 online' },
      { key: 'abuja', name: 'Abuja Branch', address: '5 Nairobi Street, Wuse 2, Abuja', phone: '+234 803 000 0002', whatsapp: '+234 803 000 0022', mapUrl: 'https://maps.example/abuja', hours: 'Open 24/7 online' },
    ],
    paymentInfo: { bankName: 'GTBank', bankAccountName: 'Regal Flowers Ltd', bankAccountNumber: '0123456789', walletEmail: 'pay@shop.example', bitcoinAddress: 'bc1qexampleaddress' },
    pickupLocations: [
      { code: 'LPI', name: 'Ikoyi', state: 'lagos', branch: 'lagos', address: '81b Lafiaji Way, Ikoyi, Lagos' },
      { code: 'LPL', name: 'Lekki', state: 'lagos', branch: 'lagos', address: '12 Admiralty Way, Lekki Phase 1, Lagos' },
      { code: 'APA', name: 'Abuja', state: 'abuja', branch: 'abuja', address: '5 Nairobi Street, Wuse 2, Abuja' },
    ],
  },
  featuredGroups: [
    { key: 'birthday', title: 'Birthday Favourites', featuredSlugs: ['sunny-birthday', 'pink-surprise', 'party-lilies', 'birthday-roses', 'balloon-bunch', 'cake-and-roses'] },
    { key: 'gift', title: 'Gifts They Will Love', featuredSlugs: ['ferrero-box', 'red-wine', 'teddy-bear'] },
    { key: 'occasion', title: 'Flowers for Every Occasion', featuredSlugs: ['red-velvet', 'white-lilies', 'get-well-daisies', 'sympathy-wreath', 'bridal-cascade'] },
    { key: 'product', title: 'Best Selling Products', featuredSlugs: ['red-velvet', 'sunny-birthday'] },
    { key: 'romance', title: 'Romance & Anniversary', featuredSlugs: ['red-velvet'] },
    { key: 'valentine', title: "Valentine's Day Favourites", featuredSlugs: ['red-velvet'] },
  ],
  navigation: NAVIGATION,
};

/** Renders inside the shell's providers; the shopper's currency is saved as `currency` (NGN). */
export function renderWithShell(ui: ReactElement, { shell = SHELL, currency = 'NGN', ...options }: Omit<RenderOptions, 'wrapper'> & { shell?: ShellData; currency?: CurrencyCode } = {}) {
  writeStored(STORAGE_KEYS.currency, currency);
  resetCurrencyChoice();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ShellProvider value={shell}>
      <CurrencyProvider currencies={shell.currencies}>{children}</CurrencyProvider>
    </ShellProvider>
  );
  return render(ui, { wrapper, ...options });
}

type Handler = (...args: unknown[]) => void;

/** The parts of Next's router the components use; `events.emit` plays a navigation. */
export function fakeRouter(pathname = '/') {
  const handlers = new Map<string, Set<Handler>>();
  return {
    pathname,
    asPath: pathname,
    query: {} as Record<string, string | string[]>,
    push: jest.fn((_url: string) => Promise.resolve(true)),
    events: {
      on: (name: string, handler: Handler) => void handlers.set(name, (handlers.get(name) ?? new Set()).add(handler)),
      off: (name: string, handler: Handler) => void handlers.get(name)?.delete(handler),
      emit: (name: string, ...args: unknown[]) => handlers.get(name)?.forEach((h) => h(...args)),
      /** How many handlers listen (to check that unmounting stops listening). */
      count: (name: string) => handlers.get(name)?.size ?? 0,
    },
  };
}
export type FakeRouter = ReturnType<typeof fakeRouter>;
