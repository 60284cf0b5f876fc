/** Pure helpers behind the facets, breadcrumb and pagination of the listing pages. */
import type { Category, SearchResult } from '@kedai/contract';
import { formatMoneyOrNull } from '@kedai/domain';
import type { SearchState, SearchSort } from './url-state';

export type PriceBand = SearchResult['facets']['priceBands'][number];
export type CategoryFacet = SearchResult['facets']['categories'][number];

/** An unusable currency code shows the bare number rather than break the page. */
const money = (amount: number, currency: string) => formatMoneyOrNull({ amount, currency }) ?? String(amount);

/**
 * The label of a price band (bounds in minor units, `max` inclusive, null for no upper bound):
 * "Under S$20.00" for a band from 0, "S$20.00 to S$49.99", "S$2,500.00 and over".
 */
export function priceBandLabel(band: Pick<PriceBand, 'min' | 'max'>, currency: string): string {
  if (band.max === null) return `${money(band.min, currency)} and over`;
  if (band.min <= 0) return `Under ${money(band.max + 1, currency)}`;
  return `${money(band.min, currency)} to ${money(band.max, currency)}`;
}

/** The label of a price range taken from the URL (which need not be one of the bands). */
export function priceRangeLabel(minPrice: number | undefined, maxPrice: number | undefined, currency: string): string {
  if (minPrice !== undefined && maxPrice !== undefined) return priceBandLabel({ min: minPrice, max: maxPrice }, currency);
  if (maxPrice !== undefined) return `Up to ${money(maxPrice, currency)}`;
  if (minPrice !== undefined) return priceBandLabel({ min: minPrice, max: null }, currency);
  return 'Any price';
}

/** Whether the URL's price range is exactly this band. */
export function isBandSelected(band: Pick<PriceBand, 'min' | 'max'>, state: Pick<SearchState, 'minPrice' | 'maxPrice'>): boolean {
  const min = state.minPrice ?? 0;
  const max = state.maxPrice ?? null;
  return band.min === min && band.max === max && (state.minPrice !== undefined || state.maxPrice !== undefined);
}

/** The URL bounds of a band: a lower bound of 0 is left out. */
export function bandFilter(band: Pick<PriceBand, 'min' | 'max'>): { minPrice: number | undefined; maxPrice: number | undefined } {
  return { minPrice: band.min > 0 ? band.min : undefined, maxPrice: band.max ?? undefined };
}

/** Parent path of a dot-joined category path; null for a top-level category. */
function parentPath(path: string): string | null {
  const dot = path.lastIndexOf('.');
  return dot === -1 ? null : path.slice(0, dot);
}

export interface CategoryFacetView {
  /** The category the results are narrowed to, when it is among the facet's categories. */
  current: CategoryFacet | null;
  /** Path of the level above the current category (null: all categories), or undefined with no current. */
  up: { path: string | null; name: string } | undefined;
  /** Categories one level below the current one (or the top level), with their counts. */
  options: CategoryFacet[];
}

/**
 * What the category facet shows: with no category chosen, the top-level categories that have
 * results; with one chosen, its direct subcategories (to drill down) and a way back up.
 * Categories are matched by path; `current` may also be given as an id.
 */
export function categoryFacetView(
  facets: CategoryFacet[],
  current: string | undefined,
  names: ReadonlyMap<string, string> = new Map(),
): CategoryFacetView {
  const chosen = current ? (facets.find((c) => c.path === current || c.id === current) ?? null) : null;
  const currentPath = chosen?.path ?? (current && !/^[0-9a-f-]{36}$/i.test(current) ? current : null);
  const depth = currentPath ? currentPath.split('.').length : 0;
  const options = facets.filter((facet) => {
    if (facet.count <= 0) return false;
    const parts = facet.path.split('.');
    if (parts.length !== depth + 1) return false;
    return currentPath === null || parentPath(facet.path) === currentPath;
  });
  let up: CategoryFacetView['up'];
  if (currentPath) {
    const parent = parentPath(currentPath);
    up = parent
      ? { path: parent, name: names.get(parent) ?? facets.find((c) => c.path === parent)?.name ?? humanise(parent) }
      : { path: null, name: 'All categories' };
  }
  return { current: chosen, up, options };
}

/** "home.kitchen" -> "Kitchen": a readable name for a path whose category is unknown. */
export function humanise(path: string): string {
  const key = path.split('.').at(-1) ?? path;
  const words = key.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : path;
}

export interface Crumb {
  name: string;
  href: string;
  /** The page itself (the last crumb): shown as text with aria-current. */
  current?: boolean;
}

/**
 * Breadcrumb of a category path: Home, then one crumb per level of the path, named from the
 * category list (`electronics.laptops` -> Home › Electronics › Laptops).
 */
export function categoryBreadcrumb(
  path: string,
  categories: readonly Pick<Category, 'path' | 'name'>[],
  hrefFor: (path: string) => string,
): Crumb[] {
  const byPath = new Map(categories.map((c) => [c.path, c.name]));
  const parts = path.split('.').filter(Boolean);
  const crumbs: Crumb[] = [{ name: 'Home', href: '/' }];
  parts.forEach((_, i) => {
    const prefix = parts.slice(0, i + 1).join('.');
    crumbs.push({
      name: byPath.get(prefix) ?? humanise(prefix),
      href: hrefFor(prefix),
      ...(i === parts.length - 1 ? { current: true } : {}),
    });
  });
  return crumbs;
}

export type PageItem = { kind: 'page'; page: number; current: boolean } | { kind: 'gap'; key: string };

/**
 * Page numbers to show: always the first and last page, `siblings` pages either side of the
 * current one, and a gap (…) where pages are skipped. A gap never hides a single page.
 */
export function paginationItems(page: number, pages: number, siblings = 1): PageItem[] {
  if (pages <= 1) return [];
  const current = Math.min(Math.max(1, page), pages);
  const wanted = new Set<number>([1, pages]);
  for (let p = current - siblings; p <= current + siblings; p++) if (p >= 1 && p <= pages) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push({ kind: 'page', page: p - 1, current: false });
    else if (p - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}-${p}` });
    items.push({ kind: 'page', page: p, current: p === current });
    previous = p;
  }
  return items;
}

export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

/** Sorts offered: "Best match" only makes sense with words to match. */
export function sortOptions(hasQuery: boolean): SearchSort[] {
  return hasQuery ? ['relevance', 'newest', 'price_asc', 'price_desc'] : ['newest', 'price_asc', 'price_desc'];
}

/** "1 product", "23 products", "1,234 products". */
export function productCount(n: number): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? 'product' : 'products'}`;
}

/** "Showing 25–48 of 230 products" for a page of results. */
export function rangeSummary(result: Pick<SearchResult, 'page' | 'limit' | 'total' | 'products'>): string {
  if (result.total === 0 || result.products.length === 0) return productCount(result.total);
  const from = (result.page - 1) * result.limit + 1;
  const to = from + result.products.length - 1;
  if (from === 1 && to === result.total) return productCount(result.total);
  return `Showing ${from.toLocaleString('en-GB')}–${to.toLocaleString('en-GB')} of ${productCount(result.total)}`;
}
