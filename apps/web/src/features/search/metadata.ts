/**
 * Indexing rules of the listing pages (decided here, tested in metadata.test.ts):
 *
 * - Category and merchant pages are the catalogue's landing pages: indexable, one canonical URL
 *   each, and each further page of results is canonical to itself (`?page=2`), as Google advises
 *   for paginated series.
 * - A search for words (`/search?q=…`, any page) is indexable too: it is a stable page of
 *   products for a phrase people look for, and its canonical drops every other parameter.
 * - Anything narrower is `noindex, follow`: filters (category, merchant, price, in stock) and a
 *   non-default sort multiply into countless near-duplicates of the pages above, and the bare
 *   `/search` duplicates the home page's catalogue. Links on those pages are still followed, so
 *   crawlers reach every product. The canonical still names the unfiltered page.
 * - Pages with no results (or past the last page) are `noindex` too: thin content, a soft 404.
 */
import type { Metadata } from 'next';
import { hasRefinements, listingHref, type ListingScope, type SearchState } from './url-state';

export interface ListingIndexing {
  index: boolean;
  /** Site-relative canonical address. */
  canonical: string;
}

export function listingIndexing(scope: ListingScope, state: SearchState, shown: number | null): ListingIndexing {
  const canonicalState: SearchState = scope.kind === 'search' ? { q: state.q, page: state.page } : { page: state.page };
  const refined =
    hasRefinements(state, scope) || (scope.kind !== 'search' && state.q !== undefined) || (scope.kind === 'search' && !state.q);
  const empty = shown === null || shown === 0;
  return { index: !refined && !empty, canonical: listingHref(scope, refined ? { ...canonicalState, page: undefined } : canonicalState) };
}

/** " (page 2)" for every page after the first. */
export function pageSuffix(state: Pick<SearchState, 'page'>): string {
  return state.page && state.page > 1 ? ` (page ${state.page})` : '';
}

/** The title of a search page: `Results for “lapton”`, or `All products`. */
export function searchTitle(state: SearchState): string {
  return `${state.q ? `Results for “${state.q}”` : 'All products'}${pageSuffix(state)}`;
}

/** Next metadata of a listing: title, description, canonical (absolute with `origin`) and robots. */
export function listingMetadata(
  indexing: ListingIndexing,
  { title, description, origin }: { title: string; description: string; origin: string },
): Metadata {
  return {
    title,
    description,
    alternates: { canonical: `${origin}${indexing.canonical}` },
    robots: indexing.index ? { index: true, follow: true } : { index: false, follow: true },
    openGraph: { title, description, url: `${origin}${indexing.canonical}`, type: 'website' },
  };
}
