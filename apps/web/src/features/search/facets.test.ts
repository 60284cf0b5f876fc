import { describe, expect, it } from 'vitest';
import { formatMoney } from '@kedai/domain';
import {
  bandFilter,
  categoryBreadcrumb,
  categoryFacetView,
  isBandSelected,
  paginationItems,
  priceBandLabel,
  priceRangeLabel,
  rangeSummary,
  sortOptions,
} from './facets';

const sgd = (n: number) => formatMoney(n, 'SGD');

describe('price band labels', () => {
  it('names the first, middle and open-ended bands in the region currency', () => {
    expect(priceBandLabel({ min: 0, max: 1999 }, 'SGD')).toBe(`Under ${sgd(2000)}`);
    expect(priceBandLabel({ min: 2000, max: 4999 }, 'SGD')).toBe(`${sgd(2000)} to ${sgd(4999)}`);
    expect(priceBandLabel({ min: 250000, max: null }, 'SGD')).toBe(`${sgd(250000)} and over`);
  });

  it('uses the currency’s decimals (none for JPY)', () => {
    expect(priceBandLabel({ min: 2000, max: 4999 }, 'JPY')).toBe(`${formatMoney(2000, 'JPY')} to ${formatMoney(4999, 'JPY')}`);
    expect(priceBandLabel({ min: 2000, max: 4999 }, 'JPY')).not.toContain('.');
  });

  it('does not throw on an unusable currency', () => {
    expect(priceBandLabel({ min: 10, max: null }, 'NOT-A-CODE')).toBe('10 and over');
  });

  it('labels a range from the URL that is not a band', () => {
    expect(priceRangeLabel(undefined, 4999, 'SGD')).toBe(`Up to ${sgd(4999)}`);
    expect(priceRangeLabel(2000, undefined, 'SGD')).toBe(`${sgd(2000)} and over`);
    expect(priceRangeLabel(2000, 3000, 'SGD')).toBe(`${sgd(2000)} to ${sgd(3000)}`);
  });

  it('matches the URL range to its band and back', () => {
    expect(isBandSelected({ min: 0, max: 1999 }, { maxPrice: 1999 })).toBe(true);
    expect(isBandSelected({ min: 0, max: 1999 }, {})).toBe(false);
    expect(isBandSelected({ min: 250000, max: null }, { minPrice: 250000 })).toBe(true);
    expect(isBandSelected({ min: 2000, max: 4999 }, { minPrice: 2000 })).toBe(false);
    expect(bandFilter({ min: 0, max: 1999 })).toEqual({ minPrice: undefined, maxPrice: 1999 });
    expect(bandFilter({ min: 250000, max: null })).toEqual({ minPrice: 250000, maxPrice: undefined });
  });
});

const facets = [
  { id: '00000000-0000-4000-8000-000000000001', name: 'Electronics', path: 'electronics', count: 22 },
  { id: '00000000-0000-4000-8000-000000000002', name: 'Laptops', path: 'electronics.laptops', count: 20 },
  { id: '00000000-0000-4000-8000-000000000003', name: 'Phones', path: 'electronics.phones', count: 2 },
  { id: '00000000-0000-4000-8000-000000000004', name: 'Fashion', path: 'fashion', count: 1 },
  { id: '00000000-0000-4000-8000-000000000005', name: 'Bags', path: 'fashion.bags', count: 1 },
  { id: '00000000-0000-4000-8000-000000000006', name: 'Toys', path: 'toys', count: 0 },
];

describe('categoryFacetView', () => {
  it('offers the top-level categories with results when none is chosen', () => {
    const view = categoryFacetView(facets, undefined);
    expect(view.options.map((c) => c.path)).toEqual(['electronics', 'fashion']);
    expect(view.current).toBeNull();
    expect(view.up).toBeUndefined();
  });

  it('drills down into the subcategories of the chosen one, with a way back to all categories', () => {
    const view = categoryFacetView(facets, 'electronics');
    expect(view.current?.name).toBe('Electronics');
    expect(view.options.map((c) => c.path)).toEqual(['electronics.laptops', 'electronics.phones']);
    expect(view.up).toEqual({ path: null, name: 'All categories' });
  });

  it('goes back up to the parent from a subcategory, found by path or by id', () => {
    const view = categoryFacetView(facets, '00000000-0000-4000-8000-000000000002');
    expect(view.current?.path).toBe('electronics.laptops');
    expect(view.options).toEqual([]);
    expect(view.up).toEqual({ path: 'electronics', name: 'Electronics' });
  });

  it('names the parent from the category list when the facet lacks it', () => {
    const view = categoryFacetView([], 'home.kitchen', new Map([['home', 'Home & Living']]));
    expect(view.up).toEqual({ path: 'home', name: 'Home & Living' });
  });
});

describe('categoryBreadcrumb', () => {
  const categories = [
    { path: 'electronics', name: 'Electronics' },
    { path: 'electronics.laptops', name: 'Laptops' },
  ];
  const href = (path: string) => `/category/${path}`;

  it('has Home, then one crumb per level, the last one current', () => {
    expect(categoryBreadcrumb('electronics.laptops', categories, href)).toEqual([
      { name: 'Home', href: '/' },
      { name: 'Electronics', href: '/category/electronics' },
      { name: 'Laptops', href: '/category/electronics.laptops', current: true },
    ]);
  });

  it('works for a top-level category', () => {
    expect(categoryBreadcrumb('electronics', categories, href)).toEqual([
      { name: 'Home', href: '/' },
      { name: 'Electronics', href: '/category/electronics', current: true },
    ]);
  });

  it('makes a readable name for a level missing from the list', () => {
    expect(categoryBreadcrumb('home.kitchen_tools', [], href).map((c) => c.name)).toEqual(['Home', 'Home', 'Kitchen tools']);
  });
});

describe('paginationItems', () => {
  const show = (page: number, pages: number) =>
    paginationItems(page, pages).map((item) => (item.kind === 'gap' ? '…' : item.current ? `[${item.page}]` : String(item.page)));

  it('shows nothing for a single page', () => {
    expect(show(1, 1)).toEqual([]);
    expect(show(1, 0)).toEqual([]);
  });

  it('shows every page when there are few', () => {
    expect(show(1, 3)).toEqual(['[1]', '2', '3']);
    expect(show(3, 5)).toEqual(['1', '2', '[3]', '4', '5']);
  });

  it('keeps first, last and neighbours, with gaps between', () => {
    expect(show(5, 10)).toEqual(['1', '…', '4', '[5]', '6', '…', '10']);
    expect(show(1, 10)).toEqual(['[1]', '2', '…', '10']);
    expect(show(10, 10)).toEqual(['1', '…', '9', '[10]']);
  });

  it('never hides a single page behind a gap', () => {
    expect(show(4, 10)).toEqual(['1', '2', '3', '[4]', '5', '…', '10']);
  });

  it('clamps a page past the end', () => {
    expect(show(40, 10)).toEqual(['1', '…', '9', '[10]']);
  });
});

describe('result counts and sorts', () => {
  it('summarises the page of results shown', () => {
    expect(rangeSummary({ page: 2, limit: 24, total: 230, products: new Array(24) })).toBe('Showing 25–48 of 230 products');
    expect(rangeSummary({ page: 1, limit: 24, total: 1, products: new Array(1) })).toBe('1 product');
    expect(rangeSummary({ page: 1, limit: 24, total: 0, products: [] })).toBe('0 products');
    expect(rangeSummary({ page: 9, limit: 24, total: 30, products: [] })).toBe('30 products');
  });

  it('offers "best match" only for a query', () => {
    expect(sortOptions(true)[0]).toBe('relevance');
    expect(sortOptions(false)).not.toContain('relevance');
  });
});
