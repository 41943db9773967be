/**
 * msw for component tests: one server per test file, unhandled requests are errors, handlers
 * reset after each test. Plus product fixtures and the `/v1/product/slug-multiple` answers.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ProductSummary } from '@/lib/contracts/catalogue';

export const server = setupServer();

/** Call once at the top of a test file. */
export function listenToMsw(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

/** A product as the catalogue answers it. */
export function product(slug: string, overrides: Partial<ProductSummary> = {}): ProductSummary {
  const title = slug
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
  return {
    id: `id-${slug}`,
    name: `${title} – a hand-tied bouquet`,
    subtitle: 'a hand-tied bouquet',
    slug,
    price: 45000,
    sku: `SKU-${slug}`,
    type: 'simple',
    images: [{ src: `/media/p/${slug}.webp`, alt: `${title} bouquet` }],
    active: true,
    inStock: true,
    relevanceOrder: 1,
    budget: 'regular',
    ...overrides,
  };
}

/** Answers slug-multiple with the given products whose slug was asked for; records each asked list. */
export function productsBySlugs(products: ProductSummary[]) {
  const asked: string[][] = [];
  server.use(
    http.get('*/v1/product/slug-multiple', ({ request }) => {
      const slugs = new URL(request.url).searchParams.get('slugs')?.split(',') ?? [];
      asked.push(slugs);
      return HttpResponse.json({ data: products.filter((p) => slugs.includes(p.slug)), error: false, message: 'OK' });
    }),
  );
  return asked;
}

/** Makes slug-multiple fail the way the API does. */
export function productsBySlugsFail(status = 503, message = 'The catalogue is resting') {
  server.use(http.get('*/v1/product/slug-multiple', () => HttpResponse.json({ data: null, error: true, message, status }, { status })));
}
