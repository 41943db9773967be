import { listingHref, paginateParams, parseListingQuery, PAGE_SIZE } from '@/lib/domain/listing';
import { firstFetch } from '@/lib/server/listing';

describe('parseListingQuery', () => {
  it('reads page, sort and filters, comma-joined or repeated', () => {
    expect(parseListingQuery({ page: '3', sort: 'price-desc', design: ['bouquets', 'others'], budget: 'vip', flowerName: 'roses,lilies' })).toEqual({
      page: 3,
      sort: 'price-desc',
      filters: { design: ['bouquets', 'others'], budget: ['vip'], flowerName: ['roses', 'lilies'] },
    });
  });

  it('reads + and spaces as the same', () => {
    expect(parseListingQuery({ delivery: 'same+day+delivery' }).filters).toEqual({ delivery: ['same day delivery'] });
  });

  it.each([
    [{ page: '-1' }, 1],
    [{ page: 'abc' }, 1],
    [{ page: '2.5' }, 1],
    [{ page: '99999' }, 1],
    [{}, 1],
  ])('falls back to page 1 for %j', (query, page) => {
    expect(parseListingQuery(query).page).toBe(page);
  });

  it('drops unknown sorts and filter values', () => {
    expect(parseListingQuery({ sort: 'colour', design: 'round,bouquets', budget: 'cheap' })).toEqual({ page: 1, sort: 'relevance', filters: { design: ['bouquets'] } });
  });
});

describe('listingHref', () => {
  it('writes only what differs from the defaults, keeping extras first', () => {
    expect(listingHref('/filters', { page: 1, sort: 'relevance', filters: {} }, { search: 'red roses' })).toBe('/filters?search=red+roses');
    expect(listingHref('/vip-flowers', { page: 2, sort: 'price-asc', filters: { design: ['bouquets', 'others'] } })).toBe('/vip-flowers?design=bouquets%2Cothers&sort=price-asc&page=2');
  });

  it('round-trips through parseListingQuery', () => {
    const state = { page: 4, sort: 'name-desc' as const, filters: { flowerName: ['million stars'], delivery: ['same day delivery'] } };
    const url = new URL(listingHref('/x', state), 'http://shop');
    expect(parseListingQuery(Object.fromEntries(url.searchParams))).toEqual(state);
  });
});

describe('paginateParams', () => {
  it('maps the sort key and joins filters', () => {
    expect(paginateParams({ page: 1, sort: 'name-desc', filters: { budget: ['vip'] } })).toEqual({ sortField: 'name', sortType: 'desc', budget: 'vip' });
    expect(paginateParams({ page: 1, sort: 'relevance', filters: {} })).toEqual({ sortField: undefined, sortType: undefined });
  });
});

describe('firstFetch', () => {
  it('renders up to four pages together, later pages alone', () => {
    expect(firstFetch(1)).toEqual({ pageNumber: 1, pageSize: PAGE_SIZE, firstPage: 1 });
    expect(firstFetch(4)).toEqual({ pageNumber: 1, pageSize: PAGE_SIZE * 4, firstPage: 1 });
    expect(firstFetch(5)).toEqual({ pageNumber: 5, pageSize: PAGE_SIZE, firstPage: 5 });
  });
});
