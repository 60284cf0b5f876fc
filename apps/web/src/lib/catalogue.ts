/**
 * The catalogue reads of the storefront, memoised per request with React `cache`, so the layout,
 * the page and their metadata share one call each.
 */
import 'server-only';
import { cache } from 'react';
import type { Endpoints } from '@kedai/contract/client';
import { serverApi } from './api';

export const getPublicConfig = cache(() => serverApi.get('/config'));

export const getCategories = cache(async () => (await serverApi.get('/product/categories')).categories);

/** The regions shoppers can choose (`GET /region/enabled`), in display order. */
export const getEnabledRegions = cache(async () => (await serverApi.get('/region/enabled')).regions);

/** The shop's default region (`GET /region/default`). */
export const getDefaultRegion = cache(async () => (await serverApi.get('/region/default')).region);

export const getBanners = cache(async () => (await serverApi.get('/banner')).banners);

/** A product search's query: the API's `SearchQuery`, every value optional. */
export type SearchParams = NonNullable<Endpoints['GET /product/search']['query']>;

export const searchProducts = (query: SearchParams) => serverApi.get('/product/search', { query });
