/**
 * The state of a product listing (search results, a category, a merchant) lives in the URL, so a
 * link reproduces the page and back/forward work. This module is the one place that reads that
 * state from a query string (sanitising whatever a visitor or a crawler typed) and writes it back.
 *
 *   /search?q=lapton&category=electronics&minPrice=50000&maxPrice=99999&inStock=true&sort=price_asc&page=2
 *   /search?q=lapton&exact=true                      (the words as typed, no typo correction)
 *   /category/electronics.laptops?sort=newest        (the category is in the path)
 *   /merchant/lion-city-tech?q=cable                 (the merchant is in the path)
 *
 * Prices are minor units of the region's currency, as the API takes them.
 */
import {
  CATEGORY_REF_MAX_LENGTH,
  MERCHANT_REF_MAX_LENGTH,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_PAGE,
  SEARCH_SORTS,
  type SearchSort,
} from '@kedai/contract/constants';
import { categoryHref, merchantHref } from '../catalogue/links';
import { cleanText, MAX_QUERY_LENGTH } from './query-text';

export { MAX_QUERY_LENGTH } from './query-text';

export type { SearchSort } from '@kedai/contract/constants';

export interface SearchState {
  q?: string;
  /** Only the words as typed, without the API's typo-tolerant fallback; only ever with `q`. */
  exact?: boolean;
  /** Category path (dot-joined keys) or id. */
  category?: string;
  /** Merchant slug or id. */
  merchant?: string;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  sort?: SearchSort;
  /** 1-based; absent means 1. */
  page?: number;
}

/** Where a listing lives: free search, or a category or merchant fixed by the path. */
export type ListingScope = { kind: 'search' } | { kind: 'category'; path: string } | { kind: 'merchant'; slug: string };

export const SEARCH_SCOPE: ListingScope = { kind: 'search' };

/** Highest price a URL may hold (minor units); the API's own bound is higher. */
const MAX_PRICE = 2_000_000_000;
export const MAX_PAGE = SEARCH_MAX_PAGE;
/** Products per page of every listing: the API's default page. */
export const PAGE_SIZE = SEARCH_DEFAULT_LIMIT;

/** Query keys in the order they are written, so equal states give equal URLs. */
const KEY_ORDER = ['q', 'exact', 'category', 'merchant', 'minPrice', 'maxPrice', 'inStock', 'sort', 'page'] as const;

export type RawSearchParams = URLSearchParams | Record<string, string | string[] | undefined> | null | undefined;

function first(raw: RawSearchParams, key: string): string | undefined {
  if (!raw) return undefined;
  if (raw instanceof URLSearchParams) return raw.get(key) ?? undefined;
  const value = raw[key];
  return Array.isArray(value) ? value[0] : value;
}

/** Category paths are dot-joined keys (`electronics.laptops`); ids are UUIDs. */
const CATEGORY_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9][a-z0-9_-]*)*$/i;
/** Merchant slugs (`lion-city-tech`) and ids. */
const MERCHANT_PATTERN = /^[a-z0-9][a-z0-9_-]*$/i;

function cleanCategory(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text || text.length > CATEGORY_REF_MAX_LENGTH || !CATEGORY_PATTERN.test(text)) return undefined;
  return text;
}

function cleanMerchant(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text || text.length > MERCHANT_REF_MAX_LENGTH || !MERCHANT_PATTERN.test(text)) return undefined;
  return text;
}

/** A whole number of digits within [min, max]; anything else (`abc`, `-1`, `1.5`, `1e3`) is absent. */
function cleanInt(value: string | undefined, min: number, max: number): number | undefined {
  const text = value?.trim();
  if (!text || !/^\d{1,12}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

function cleanSort(value: string | undefined): SearchSort | undefined {
  return (SEARCH_SORTS as readonly string[]).includes(value ?? '') ? (value as SearchSort) : undefined;
}

/** A flag's value in a URL: `true`, `1` or `on` (a checkbox) is set, anything else is not. */
function isOn(value: string | undefined): boolean {
  const text = value?.trim().toLowerCase();
  return text === 'true' || text === '1' || text === 'on';
}

/**
 * Reads the listing state from a query string. Never throws: unknown keys are ignored and bad
 * values are dropped (a page of `abc` is page 1), so the API only ever sees values it accepts.
 * A price range given the wrong way round is swapped.
 */
export function parseSearchParams(raw: RawSearchParams): SearchState {
  const state: SearchState = {};
  const q = cleanText(first(raw, 'q'), MAX_QUERY_LENGTH);
  if (q) state.q = q;
  const category = cleanCategory(first(raw, 'category'));
  if (category) state.category = category;
  const merchant = cleanMerchant(first(raw, 'merchant'));
  if (merchant) state.merchant = merchant;

  let minPrice = cleanInt(first(raw, 'minPrice'), 0, MAX_PRICE);
  let maxPrice = cleanInt(first(raw, 'maxPrice'), 0, MAX_PRICE);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  // A lower bound of 0 filters nothing.
  if (minPrice !== undefined && minPrice > 0) state.minPrice = minPrice;
  if (maxPrice !== undefined) state.maxPrice = maxPrice;

  if (q && isOn(first(raw, 'exact'))) state.exact = true;
  if (isOn(first(raw, 'inStock'))) state.inStock = true;

  const sort = cleanSort(first(raw, 'sort')?.trim());
  if (sort) state.sort = sort;

  const page = cleanInt(first(raw, 'page'), 1, MAX_PAGE);
  if (page !== undefined && page > 1) state.page = page;
  return state;
}

/** The sort the API applies when none is given: relevance for a query, else newest first. */
export function defaultSort(state: Pick<SearchState, 'q'>): SearchSort {
  return state.q ? 'relevance' : 'newest';
}

/** The state with the part fixed by the scope's path taken out (it is not repeated in the query). */
function withoutScope(state: SearchState, scope: ListingScope): SearchState {
  if (scope.kind === 'category') {
    const { category: _category, ...rest } = state;
    return rest;
  }
  if (scope.kind === 'merchant') {
    const { merchant: _merchant, ...rest } = state;
    return rest;
  }
  return state;
}

/** The query string of a state (no leading `?`), keys in a fixed order, defaults left out. */
export function searchQueryString(state: SearchState): string {
  const params = new URLSearchParams();
  for (const key of KEY_ORDER) {
    const value = state[key];
    if (value === undefined || value === '' || value === false) continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'exact' && !state.q) continue;
    if (key === 'sort' && value === defaultSort(state)) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/** Path of a scope: `/search`, `/category/<path>` or `/merchant/<slug>`. */
export function scopePath(scope: ListingScope): string {
  switch (scope.kind) {
    case 'category':
      return categoryHref(scope.path);
    case 'merchant':
      return merchantHref(scope.slug);
    default:
      return '/search';
  }
}

/** The address of a listing state within a scope. */
export function listingHref(scope: ListingScope, state: SearchState): string {
  const query = searchQueryString(withoutScope(state, scope));
  return query ? `${scopePath(scope)}?${query}` : scopePath(scope);
}

/** `/search?…` for a state. */
export function searchHref(state: SearchState): string {
  return listingHref(SEARCH_SCOPE, state);
}

/** Keys that narrow the results (everything but paging and ordering); `exact` turns the typo correction off. */
export type FilterPatch = Partial<
  Pick<SearchState, 'q' | 'exact' | 'category' | 'merchant' | 'minPrice' | 'maxPrice' | 'inStock' | 'sort'>
>;

/**
 * The state after changing filters or the sort: the patch is applied (an `undefined` value removes
 * the key) and the page goes back to 1, because the old page number means nothing in the new results.
 */
export function withFilters(state: SearchState, patch: FilterPatch): SearchState {
  const next: SearchState = { ...state };
  for (const [key, value] of Object.entries(patch) as [keyof FilterPatch, FilterPatch[keyof FilterPatch]][]) {
    if (value === undefined || value === '' || value === false) delete next[key];
    else (next as Record<string, unknown>)[key] = value;
  }
  delete next.page;
  return next;
}

/** The same state on another page (page 1 is written without a `page` key). */
export function withPage(state: SearchState, page: number): SearchState {
  const next: SearchState = { ...state };
  if (page > 1) next.page = Math.min(Math.floor(page), MAX_PAGE);
  else delete next.page;
  return next;
}

/** Whether the state narrows more than a plain query (and its paging) does. */
export function hasRefinements(state: SearchState, scope: ListingScope = SEARCH_SCOPE): boolean {
  const rest = withoutScope(state, scope);
  return (
    rest.category !== undefined ||
    rest.merchant !== undefined ||
    rest.minPrice !== undefined ||
    rest.maxPrice !== undefined ||
    rest.inStock === true ||
    (rest.sort !== undefined && rest.sort !== defaultSort(rest))
  );
}

/** Filters that can be removed one by one ("chips"); the scope's own filter is not one of them. */
export function activeFilterKeys(state: SearchState, scope: ListingScope): ('category' | 'merchant' | 'price' | 'inStock')[] {
  const rest = withoutScope(state, scope);
  const keys: ('category' | 'merchant' | 'price' | 'inStock')[] = [];
  if (rest.category) keys.push('category');
  if (rest.merchant) keys.push('merchant');
  if (rest.minPrice !== undefined || rest.maxPrice !== undefined) keys.push('price');
  if (rest.inStock) keys.push('inStock');
  return keys;
}

/** The parameters of `GET /product/search` for a state within a scope. */
export function apiSearchQuery(
  scope: ListingScope,
  state: SearchState,
  region: string | undefined,
): Record<string, string | number | boolean | undefined> {
  return {
    q: state.q,
    category: scope.kind === 'category' ? scope.path : state.category,
    merchant: scope.kind === 'merchant' ? scope.slug : state.merchant,
    region,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
    inStock: state.inStock ? true : undefined,
    sort: state.sort,
    page: state.page,
    limit: PAGE_SIZE,
    exact: state.q && state.exact ? true : undefined,
  };
}
