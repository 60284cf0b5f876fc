/**
 * The catalogue reads of the storefront, memoised per request with React `cache`, so the layout,
 * the page and their metadata share one call each.
 */
import { cache } from 'react';
import type { Category, PublicConfig, Region, SearchQuery, SearchResult } from '@kedai/contract';
import { apiGet, type QueryValue } from './api';

export interface Banner {
  id: string;
  title: string;
  image: string;
  link: string | null;
}

export const getPublicConfig = cache(() => apiGet<PublicConfig>('/config'));

export const getCategories = cache(async () => (await apiGet<{ categories: Category[] }>('/product/categories')).categories);

/** The regions shoppers can choose (`GET /region/enabled`), in display order. */
export const getEnabledRegions = cache(async () => (await apiGet<{ regions: Region[] }>('/region/enabled')).regions);

/** The shop's default region (`GET /region/default`). */
export const getDefaultRegion = cache(async () => (await apiGet<{ region: Region }>('/region/default')).region);

export const getBanners = cache(async () => (await apiGet<{ banners: Banner[] }>('/banner')).banners);

export type SearchParams = {
  [K in keyof SearchQuery]?: QueryValue;
};

export function searchProducts(query: SearchParams): Promise<SearchResult> {
  return apiGet<SearchResult>('/product/search', { query });
}
