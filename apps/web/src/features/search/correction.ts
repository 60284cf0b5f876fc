/**
 * What a listing says about the API's typo correction (issue 13): "Showing results for *laptop*"
 * with a link to search the words as typed, and, on an exact search that found nothing, the
 * corrected search offered back. The links keep every other filter and the sort; the page starts
 * again at 1.
 */
import type { SearchResult } from '@kedai/contract';
import { listingHref, withFilters, type ListingScope, type SearchState } from './url-state';

export type CorrectionNotice =
  /** The results stand for other words than typed: "Showing results for *corrected*", "Search instead for *typed*". */
  | { kind: 'corrected'; corrected: string; typed: string; exactHref: string }
  /** The results are products with similar names, without one correction to name. */
  | { kind: 'similar'; typed: string; exactHref: string };

type CorrectionFields = Pick<SearchResult, 'typoTolerant' | 'correctedQuery' | 'suggestedQuery'>;

/** The notice for a result the API answered with its typo-tolerant fallback, else null. */
export function correctionNotice(scope: ListingScope, state: SearchState, result: CorrectionFields | null): CorrectionNotice | null {
  if (!result?.typoTolerant || !state.q || state.exact) return null;
  const exactHref = listingHref(scope, withFilters(state, { exact: true }));
  return result.correctedQuery
    ? { kind: 'corrected', corrected: result.correctedQuery, typed: state.q, exactHref }
    : { kind: 'similar', typed: state.q, exactHref };
}

/** On an exact search the API offers a correction for: the words and the search for them (typos tolerated again). */
export function suggestedSearch(
  scope: ListingScope,
  state: SearchState,
  result: CorrectionFields | null,
): { q: string; href: string } | null {
  if (!state.exact || !result?.suggestedQuery) return null;
  const q = result.suggestedQuery;
  return { q, href: listingHref(scope, withFilters(state, { q, exact: undefined })) };
}
