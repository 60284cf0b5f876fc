/**
 * Data of a listing page (search, category, merchant), shared by the page and its metadata: React
 * `cache` makes both use one API call per request.
 */
import 'server-only';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import type { Category, PublicConfig, Region, SearchResult } from '@kedai/contract';
import { errorMessageFor } from '@kedai/domain';
import { isApiError } from '../../lib/api';
import { getCategories, getPublicConfig, searchProducts, type SearchParams } from '../../lib/catalogue';
import { currentRegion } from '../region/server';
import { apiSearchQuery, type ListingScope, type SearchState } from './url-state';

export interface ListingData {
  config: PublicConfig;
  region: Region;
  categories: Category[];
  /** Null when the API refused the query (`error` says why). */
  result: SearchResult | null;
  /** A friendly message for a refused query (API 400), else null. */
  error: string | null;
}

/** One search per distinct query per request (the key is the query as JSON). */
const searchOnce = cache((queryJson: string) => searchProducts(JSON.parse(queryJson) as SearchParams));

/**
 * Loads a listing. On a category or merchant page, a 404 of the API (no such category or merchant)
 * becomes the not-found page. A 400 (a value the API refuses) — or on `/search` a 404 for a filter
 * naming an unknown category or merchant — becomes `error`, the catalogue message of rules: errors.md shown
 * in place of the results. Any other failure rejects (the page shows its "taking a break" state).
 */
export async function loadListing(scope: ListingScope, state: SearchState): Promise<ListingData> {
  const [config, region, categories] = await Promise.all([getPublicConfig(), currentRegion(), getCategories()]);
  const query = apiSearchQuery(scope, state, region.key);
  try {
    const result = await searchOnce(JSON.stringify(query));
    return { config, region, categories, result, error: null };
  } catch (error) {
    // The path names an unknown category or merchant: that page does not exist.
    if (isApiError(error) && error.status === 404 && scope.kind !== 'search') notFound();
    // A value the API refuses, or a search filter naming an unknown category or merchant.
    if (isApiError(error) && (error.status === 400 || error.status === 404)) {
      return { config, region, categories, result: null, error: errorMessageFor(error.toEnvelope()) };
    }
    throw error;
  }
}

/** The listing for metadata: null instead of a rejection, so metadata never breaks a page. */
export async function loadListingForMetadata(scope: ListingScope, state: SearchState): Promise<ListingData | null> {
  try {
    return await loadListing(scope, state);
  } catch (error) {
    if (!isApiError(error)) throw error; // notFound() and friends must reach Next
    return null;
  }
}
