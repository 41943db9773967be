/**
 * @jest-environment node
 *
 * Kept markup (lib/ui/kept-markup.ts, lib/ui/markup-cache.ts): on the server, the header
 * and footer write the same HTML with the cache as without it, so the browser hydrates what it
 * expects; each kept part is drawn once per data object, and again for a new one.
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import type { ShellData } from '@/lib/contracts/shell';
import { NAVIGATION } from '@/lib/content/navigation';
import { CurrencyProvider } from '@/lib/state/currency-context';
import { ShellProvider } from '@/lib/state/shell-context';
import { kept } from '@/lib/ui/kept-markup';
import { installMarkupCache } from '@/lib/ui/markup-cache';
import { ProductGrid } from '@/components/product/product-grid';
import { DEFAULT_CURRENCIES } from '@/lib/domain/money';
import { fakeRouter, SHELL } from '../../helpers/render';
import { product } from '../../helpers/msw';

const mockRouter = fakeRouter();
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

/** A page's header and footer as the server renders them, in `currency`. */
function page(shell: ShellData, currency: 'NGN' | 'GBP' = 'NGN', main: ReactNode = <main>Roses</main>) {
  return renderToString(
    <ShellProvider value={shell}>
      <CurrencyProvider currencies={shell.currencies} serverCurrency={currency}>
        <Header />
        {main}
        <Footer />
      </CurrencyProvider>
    </ShellProvider>,
  );
}

afterEach(() => installMarkupCache(undefined));

it('writes the same header and footer with kept markup as without', () => {
  const plain = page(SHELL);
  const plainGbp = page(SHELL, 'GBP');
  installMarkupCache(renderToString);
  const first = page(SHELL);
  const again = page(SHELL);
  expect(first).toBe(plain);
  expect(again).toBe(plain);
  // The kept parts hold no price: another currency changes only what is drawn in place.
  expect(page(SHELL, 'GBP')).toBe(plainGbp);
  expect(plainGbp).not.toBe(plain);
  // Every menu link and the footer's columns are in it.
  for (const menu of NAVIGATION.main) for (const group of menu.groups ?? []) for (const link of group.links) expect(again).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`);
  expect(again).toContain(SHELL.shopInfo.paymentInfo.bankAccountNumber);
  expect(again).toContain('Sign up for latest news');
});

it('draws a kept part once per data object, and again for a new one', () => {
  const drawn: string[] = [];
  function Names({ data }: { data: { names: string[] } }) {
    drawn.push(data.names.join());
    return data.names.map((name) => <p key={name}>{name}</p>);
  }
  const roses = { names: ['Red', 'White'] };
  const render = (data: { names: string[] }) => renderToString(kept('div', 'list', Names, data));

  // Without a cache (tests, tools), it renders in place every time.
  expect(render(roses)).toBe('<div class="list"><p>Red</p><p>White</p></div>');
  expect(render(roses)).toBe('<div class="list"><p>Red</p><p>White</p></div>');
  expect(drawn).toEqual(['Red,White', 'Red,White']);

  installMarkupCache(renderToString);
  drawn.length = 0;
  expect(render(roses)).toBe('<div class="list"><p>Red</p><p>White</p></div>');
  expect(render(roses)).toBe('<div class="list"><p>Red</p><p>White</p></div>');
  expect(drawn).toEqual(['Red,White']);

  const lilies = { names: ['Lilies'] };
  expect(render(lilies)).toBe('<div class="list"><p>Lilies</p></div>');
  expect(drawn).toEqual(['Red,White', 'Lilies']);
});

it('draws the footer again for a new shell (a settings change), and keeps the old one apart', () => {
  installMarkupCache(renderToString);
  const before = page(SHELL);
  const changed: ShellData = { ...SHELL, shopInfo: { ...SHELL.shopInfo, paymentInfo: { ...SHELL.shopInfo.paymentInfo, bankAccountNumber: '9876543210' } } };
  const after = page(changed);
  expect(after).toContain('9876543210');
  expect(after).not.toContain(SHELL.shopInfo.paymentInfo.bankAccountNumber);
  expect(page(SHELL)).toBe(before);
  installMarkupCache(undefined);
  expect(page(changed)).toBe(after);
});

it('keeps the footer and menus by their data objects (which is why they must not change once drawn)', () => {
  installMarkupCache(renderToString);
  const shell: ShellData = { ...SHELL, shopInfo: { ...SHELL.shopInfo, paymentInfo: { ...SHELL.shopInfo.paymentInfo } } };
  const menu = { ...NAVIGATION.main[0]!, groups: NAVIGATION.main[0]!.groups!.map((g) => ({ ...g, links: [...g.links] })) };
  const own: ShellData = { ...shell, navigation: { ...NAVIGATION, main: [menu, ...NAVIGATION.main.slice(1)] } };
  const drawn = page(own);
  // Changed in place: the kept markup is written, not the change.
  own.shopInfo.paymentInfo.bankAccountNumber = '1111111111';
  menu.groups[0]!.links.push({ href: '/product-category/kept-out', label: 'Kept out' });
  expect(page(own)).toBe(drawn);
  installMarkupCache(undefined);
  expect(page(own)).toContain('1111111111');
  expect(page(own)).toContain('/product-category/kept-out');
});

describe('product cards', () => {
  const products = [
    product('red-velvet', { type: 'variable', price: 55000 }),
    product('white-lilies'),
    product('sunny-birthday', { images: [{ src: '/media/p/sunny.webp', alt: 'Sunny' }, { src: '/media/p/sunny-2.webp', alt: '' }] }),
    product('teddy-bear', { inStock: false }),
    product('pink-roses', { type: 'variable' }),
  ];
  const grid = (currency: 'NGN' | 'GBP', items = products) => page(SHELL, currency, <ProductGrid products={items} currency={SHELL.currencies.find((c) => c.name === currency) ?? DEFAULT_CURRENCIES[0]!} priorityCount={2} headingLevel="h2" />);

  it('are the same HTML with kept markup as without, in each currency, priority pictures preloaded', () => {
    const plain = { NGN: grid('NGN'), GBP: grid('GBP') };
    installMarkupCache(renderToString);
    for (const round of [1, 2]) {
      expect([round, grid('NGN')]).toEqual([round, plain.NGN]);
      expect([round, grid('GBP')]).toEqual([round, plain.GBP]);
    }
    expect(plain.GBP).toContain('£');
    expect(plain.NGN).toContain('₦55,000');
    // The two priority cards' pictures are preloaded, the others' are not.
    expect(plain.NGN.match(/<link rel="preload" as="image"/g)).toHaveLength(2);
    expect(plain.NGN).toContain('Out of Stock');
  });

  it('keep every card but the priority ones by its product object, from its second drawing on', () => {
    installMarkupCache(renderToString);
    const items = products.map((p) => ({ ...p }));
    const first = grid('NGN', items);
    for (const item of items) item.name = `${item.name.split(' – ')[0]} Seen – once`;
    // Drawn once so far: every card renders in place and shows the change.
    const before = grid('NGN', items);
    expect(before.match(/ Seen</g)).toHaveLength(5);
    expect(before).not.toBe(first);
    for (const item of items) item.name = `${item.name.split(' – ')[0]} Changed – in place`;
    const after = grid('NGN', items);
    // Drawn in place: the two priority cards show the change; kept: the other three do not.
    expect(after.match(/ Changed</g)).toHaveLength(2);
    expect(after).not.toBe(before);
    installMarkupCache(undefined);
    expect(grid('NGN', items).match(/ Changed</g)).toHaveLength(5);
  });
});

describe('what cannot be kept renders in place', () => {
  it("leaves the caller's useId and the ids below it as they are", () => {
    function Panel() {
      const id = useId();
      return <p id={id}>panel</p>;
    }
    function Names({ data }: { data: { names: string[] } }) {
      return data.names.map((name) => <span key={name}>{name}</span>);
    }
    const names = { names: ['Red'] };
    function Caller() {
      const id = useId();
      const [open] = useState(false);
      return (
        <section aria-labelledby={id} data-open={open}>
          {kept('div', 'names', Names, names)}
          <Panel />
        </section>
      );
    }
    const tree = (
      <>
        <Caller />
        <Caller />
      </>
    );
    const plain = renderToString(tree);
    installMarkupCache(renderToString);
    expect(renderToString(tree)).toBe(plain);
    expect(renderToString(tree)).toBe(plain);
    expect(plain).toContain('<span>Red</span>');
  });

  it('a part that suspends, hoists a tag or throws is drawn in place every time', () => {
    const Later = lazy(() => new Promise<{ default: () => ReactNode }>(() => undefined));
    function Waits() {
      return (
        <Suspense fallback={<i>wait</i>}>
          <Later />
        </Suspense>
      );
    }
    function Hoists({ data }: { data: { title: string } }) {
      return (
        <>
          <title>{data.title}</title>
          <b>{data.title}</b>
        </>
      );
    }
    let throws = true;
    function Fails({ data }: { data: { name: string } }) {
      if (throws) throw new Error('not now');
      return <b>{data.name}</b>;
    }
    const cache = jest.fn(renderToString);
    installMarkupCache(cache);
    expect(renderToString(kept('div', 'w', Waits, {}))).toContain('<i>wait</i>');
    const titled = { title: 'Roses' };
    const hoisted = renderToString(kept('div', 'h', Hoists, titled));
    expect(hoisted).toContain('<b>Roses</b>');
    const failing = { name: 'Lilies' };
    expect(() => renderToString(kept('div', 'f', Fails, failing))).toThrow('not now');
    throws = false;
    expect(renderToString(kept('div', 'f', Fails, failing))).toBe('<div class="f"><b>Lilies</b></div>');
    // Tried once each and not kept: the second time renders in place without trying again.
    const tries = cache.mock.calls.length;
    renderToString(kept('div', 'h', Hoists, titled));
    expect(cache.mock.calls.length).toBe(tries);
    expect(renderToString(kept('div', 'h', Hoists, titled))).toBe(hoisted);
  });
});
