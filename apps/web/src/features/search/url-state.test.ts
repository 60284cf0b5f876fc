import { describe, expect, it } from 'vitest';
import {
  PAGE_SIZE,
  activeFilterKeys,
  apiSearchQuery,
  hasRefinements,
  listingHref,
  parseSearchParams,
  searchHref,
  searchQueryString,
  withFilters,
  withPage,
} from './url-state';

describe('parseSearchParams', () => {
  it('reads every key of a full search URL', () => {
    const params = new URLSearchParams(
      'q=lapton&category=electronics.laptops&merchant=lion-city-tech&minPrice=50000&maxPrice=99999&inStock=true&sort=price_asc&page=2',
    );
    expect(parseSearchParams(params)).toEqual({
      q: 'lapton',
      category: 'electronics.laptops',
      merchant: 'lion-city-tech',
      minPrice: 50000,
      maxPrice: 99999,
      inStock: true,
      sort: 'price_asc',
      page: 2,
    });
  });

  it('accepts the record Next passes to a page, taking the first of repeated keys', () => {
    expect(parseSearchParams({ q: ['tea', 'cake'], page: '3', other: 'x' })).toEqual({ q: 'tea', page: 3 });
    expect(parseSearchParams(undefined)).toEqual({});
    expect(parseSearchParams({})).toEqual({});
  });

  it('drops bad numbers instead of failing: page=abc is page 1', () => {
    expect(parseSearchParams({ page: 'abc' })).toEqual({});
    expect(parseSearchParams({ page: '-2' })).toEqual({});
    expect(parseSearchParams({ page: '1.5' })).toEqual({});
    expect(parseSearchParams({ page: '1e3' })).toEqual({});
    expect(parseSearchParams({ page: '0' })).toEqual({});
    expect(parseSearchParams({ page: '1' })).toEqual({});
    expect(parseSearchParams({ page: '501' })).toEqual({});
    expect(parseSearchParams({ page: '500' })).toEqual({ page: 500 });
    expect(parseSearchParams({ minPrice: 'cheap', maxPrice: '99999999999999' })).toEqual({});
  });

  it('drops unknown sorts and odd in-stock values', () => {
    expect(parseSearchParams({ sort: 'popular', inStock: 'yes' })).toEqual({});
    expect(parseSearchParams({ sort: 'newest', inStock: '1' })).toEqual({ sort: 'newest', inStock: true });
    expect(parseSearchParams({ inStock: 'on' })).toEqual({ inStock: true });
    expect(parseSearchParams({ inStock: 'false' })).toEqual({});
  });

  it('tidies the query text and caps it at 200 characters', () => {
    expect(parseSearchParams({ q: '  red \n\t shoes  ' })).toEqual({ q: 'red shoes' });
    expect(parseSearchParams({ q: '   ' })).toEqual({});
    expect(parseSearchParams({ q: 'x'.repeat(300) }).q).toHaveLength(200);
  });

  it('keeps only category paths and merchant slugs that look like ones', () => {
    expect(parseSearchParams({ category: 'electronics.laptops', merchant: 'kedai-select' })).toEqual({
      category: 'electronics.laptops',
      merchant: 'kedai-select',
    });
    expect(parseSearchParams({ category: '../etc', merchant: 'a b' })).toEqual({});
    expect(parseSearchParams({ category: 'electronics..laptops' })).toEqual({});
    expect(parseSearchParams({ category: '4a27f6fa-8f0e-4fb0-8f9f-3d1c089b41fa' })).toEqual({
      category: '4a27f6fa-8f0e-4fb0-8f9f-3d1c089b41fa',
    });
  });

  it('swaps a price range given the wrong way round and ignores a lower bound of 0', () => {
    expect(parseSearchParams({ minPrice: '5000', maxPrice: '2000' })).toEqual({ minPrice: 2000, maxPrice: 5000 });
    expect(parseSearchParams({ minPrice: '0', maxPrice: '1999' })).toEqual({ maxPrice: 1999 });
  });

  it('reads the exact flag, only with words to search', () => {
    expect(parseSearchParams({ q: 'lapton', exact: 'true' })).toEqual({ q: 'lapton', exact: true });
    expect(parseSearchParams({ q: 'lapton', exact: '1' })).toEqual({ q: 'lapton', exact: true });
    expect(parseSearchParams({ q: 'lapton', exact: 'false' })).toEqual({ q: 'lapton' });
    expect(parseSearchParams({ q: 'lapton', exact: 'yes' })).toEqual({ q: 'lapton' });
    expect(parseSearchParams({ exact: 'true', sort: 'newest' })).toEqual({ sort: 'newest' });
    expect(parseSearchParams({ q: '   ', exact: 'true' })).toEqual({});
  });

  it('round-trips through searchHref', () => {
    const state = parseSearchParams({
      q: 'tea & cake',
      exact: 'true',
      category: 'groceries',
      inStock: 'true',
      sort: 'price_desc',
      page: '4',
    });
    const href = searchHref(state);
    expect(parseSearchParams(new URL(href, 'http://x').searchParams)).toEqual(state);
  });
});

describe('building URLs', () => {
  it('writes keys in a fixed order and leaves defaults out', () => {
    expect(searchQueryString({ page: 2, q: 'tea', sort: 'price_asc', inStock: true })).toBe('q=tea&inStock=true&sort=price_asc&page=2');
    expect(searchQueryString({ q: 'tea', page: 1, sort: 'relevance' })).toBe('q=tea');
    expect(searchQueryString({ sort: 'newest' })).toBe('');
    expect(searchQueryString({ sort: 'relevance' })).toBe('sort=relevance');
    expect(searchQueryString({ inStock: false, q: '' })).toBe('');
  });

  it('writes the exact flag right after the words, and never without them', () => {
    expect(searchQueryString({ page: 2, exact: true, q: 'lapton', inStock: true })).toBe('q=lapton&exact=true&inStock=true&page=2');
    expect(searchQueryString({ exact: true, category: 'toys' })).toBe('category=toys');
    expect(searchQueryString({ q: 'lapton', exact: false })).toBe('q=lapton');
  });

  it('encodes the query text', () => {
    expect(searchHref({ q: 'tea & cake' })).toBe('/search?q=tea+%26+cake');
    expect(searchHref({})).toBe('/search');
  });

  it('leaves the scope’s own filter out of a category or merchant URL', () => {
    const category = { kind: 'category', path: 'electronics.laptops' } as const;
    expect(listingHref(category, { category: 'electronics.laptops', sort: 'price_asc' })).toBe(
      '/category/electronics.laptops?sort=price_asc',
    );
    expect(listingHref(category, { category: 'electronics.laptops' })).toBe('/category/electronics.laptops');
    expect(listingHref({ kind: 'merchant', slug: 'lion-city-tech' }, { merchant: 'lion-city-tech', q: 'cable', page: 2 })).toBe(
      '/merchant/lion-city-tech?q=cable&page=2',
    );
  });
});

describe('changing the state', () => {
  const onPage3 = { q: 'laptop', category: 'electronics', page: 3 } as const;

  it('resets the page to 1 when a filter changes', () => {
    expect(withFilters(onPage3, { inStock: true })).toEqual({ q: 'laptop', category: 'electronics', inStock: true });
    expect(searchHref(withFilters(onPage3, { minPrice: 2000, maxPrice: 4999 }))).toBe(
      '/search?q=laptop&category=electronics&minPrice=2000&maxPrice=4999',
    );
  });

  it('resets the page when the sort changes', () => {
    expect(withFilters(onPage3, { sort: 'price_desc' }).page).toBeUndefined();
  });

  it('removes a filter given as undefined or false', () => {
    expect(withFilters({ ...onPage3, inStock: true }, { category: undefined, inStock: false })).toEqual({ q: 'laptop' });
  });

  it('turns the exact flag on and off like a filter, back on page 1', () => {
    expect(withFilters(onPage3, { exact: true })).toEqual({ q: 'laptop', category: 'electronics', exact: true });
    expect(withFilters({ ...onPage3, exact: true }, { q: 'lapton', exact: undefined })).toEqual({ q: 'lapton', category: 'electronics' });
    expect(withPage({ q: 'lapton', exact: true }, 2)).toEqual({ q: 'lapton', exact: true, page: 2 });
  });

  it('does not count the exact flag as a refinement (its page is the search’s)', () => {
    expect(hasRefinements({ q: 'lapton', exact: true })).toBe(false);
    expect(activeFilterKeys({ q: 'lapton', exact: true }, { kind: 'search' })).toEqual([]);
  });

  it('moves between pages without touching the filters', () => {
    expect(withPage(onPage3, 4)).toEqual({ ...onPage3, page: 4 });
    expect(withPage(onPage3, 1)).toEqual({ q: 'laptop', category: 'electronics' });
    expect(withPage(onPage3, 9999).page).toBe(500);
  });

  it('knows when a page is refined beyond its query', () => {
    expect(hasRefinements({ q: 'tea', page: 2 })).toBe(false);
    expect(hasRefinements({ q: 'tea', sort: 'relevance' })).toBe(false);
    expect(hasRefinements({ q: 'tea', sort: 'newest' })).toBe(true);
    expect(hasRefinements({ q: 'tea', inStock: true })).toBe(true);
    expect(hasRefinements({ category: 'toys' }, { kind: 'category', path: 'toys' })).toBe(false);
    expect(hasRefinements({ category: 'toys', maxPrice: 10 }, { kind: 'category', path: 'toys' })).toBe(true);
  });

  it('lists the filters that can be removed, leaving the scope’s own out', () => {
    const state = { q: 'x', category: 'toys', merchant: 'm', minPrice: 1, inStock: true } as const;
    expect(activeFilterKeys(state, { kind: 'search' })).toEqual(['category', 'merchant', 'price', 'inStock']);
    expect(activeFilterKeys(state, { kind: 'category', path: 'toys' })).toEqual(['merchant', 'price', 'inStock']);
    expect(activeFilterKeys(state, { kind: 'merchant', slug: 'm' })).toEqual(['category', 'price', 'inStock']);
  });
});

describe('apiSearchQuery', () => {
  it('fixes the scope’s category or merchant and asks for one page of results', () => {
    expect(apiSearchQuery({ kind: 'category', path: 'toys' }, { category: 'other', page: 2, inStock: true }, 'SG')).toEqual({
      q: undefined,
      category: 'toys',
      merchant: undefined,
      region: 'SG',
      minPrice: undefined,
      maxPrice: undefined,
      inStock: true,
      sort: undefined,
      page: 2,
      limit: PAGE_SIZE,
    });
    expect(apiSearchQuery({ kind: 'merchant', slug: 'kedai-select' }, { merchant: 'x' }, undefined).merchant).toBe('kedai-select');
  });

  it('asks for the words as typed only with the exact flag and words', () => {
    expect(apiSearchQuery({ kind: 'search' }, { q: 'lapton', exact: true }, 'SG').exact).toBe(true);
    expect(apiSearchQuery({ kind: 'search' }, { q: 'lapton' }, 'SG').exact).toBeUndefined();
    expect(apiSearchQuery({ kind: 'search' }, { exact: true }, 'SG').exact).toBeUndefined();
  });
});
