import { describe, expect, it } from 'vitest';
import { listingIndexing, listingMetadata, searchTitle } from './metadata';

const search = { kind: 'search' } as const;
const laptops = { kind: 'category', path: 'electronics.laptops' } as const;

describe('listingIndexing', () => {
  it('indexes a plain search for words, each page canonical to itself', () => {
    expect(listingIndexing(search, { q: 'lapton' }, 23)).toEqual({ index: true, canonical: '/search?q=lapton' });
    expect(listingIndexing(search, { q: 'lapton', page: 2 }, 3)).toEqual({ index: true, canonical: '/search?q=lapton&page=2' });
    expect(listingIndexing(search, { q: 'lapton', sort: 'relevance' }, 23).index).toBe(true);
  });

  it('gives an exact search the plain search’s canonical and title (its typo correction is not metadata)', () => {
    expect(listingIndexing(search, { q: 'laptop', exact: true }, 23)).toEqual({ index: true, canonical: '/search?q=laptop' });
    expect(listingIndexing(search, { q: 'lapton', exact: true }, 0)).toEqual({ index: false, canonical: '/search?q=lapton' });
    expect(searchTitle({ q: 'lapton', exact: true })).toBe(searchTitle({ q: 'lapton' }));
  });

  it('does not index a search with filters, a different sort, or no words', () => {
    expect(listingIndexing(search, { q: 'lapton', inStock: true, page: 2 }, 23)).toEqual({
      index: false,
      canonical: '/search?q=lapton',
    });
    expect(listingIndexing(search, { q: 'lapton', category: 'electronics' }, 23).index).toBe(false);
    expect(listingIndexing(search, { q: 'lapton', sort: 'price_asc' }, 23).index).toBe(false);
    expect(listingIndexing(search, {}, 23).index).toBe(false);
  });

  it('indexes category pages and their further pages, but not their filtered views', () => {
    expect(listingIndexing(laptops, { category: 'electronics.laptops' }, 24)).toEqual({
      index: true,
      canonical: '/category/electronics.laptops',
    });
    expect(listingIndexing(laptops, { page: 3 }, 24)).toEqual({ index: true, canonical: '/category/electronics.laptops?page=3' });
    expect(listingIndexing(laptops, { maxPrice: 1999, page: 3 }, 24)).toEqual({
      index: false,
      canonical: '/category/electronics.laptops',
    });
    expect(listingIndexing(laptops, { q: 'asus' }, 24).index).toBe(false);
  });

  it('does not index empty results or a failed search', () => {
    expect(listingIndexing(search, { q: 'zzzz' }, 0).index).toBe(false);
    expect(listingIndexing(laptops, {}, null).index).toBe(false);
  });
});

describe('titles and metadata', () => {
  it('titles search pages', () => {
    expect(searchTitle({ q: 'lapton' })).toBe('Results for “lapton”');
    expect(searchTitle({ q: 'lapton', page: 2 })).toBe('Results for “lapton” (page 2)');
    expect(searchTitle({})).toBe('All products');
  });

  it('builds absolute canonical URLs and robots', () => {
    const meta = listingMetadata(
      { index: false, canonical: '/search?q=x' },
      { title: 'T', description: 'D', origin: 'https://shop.example' },
    );
    expect(meta.alternates?.canonical).toBe('https://shop.example/search?q=x');
    expect(meta.robots).toEqual({ index: false, follow: true });
  });
});
