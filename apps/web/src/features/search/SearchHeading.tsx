import Link from 'next/link';
import type { SearchResult } from '@kedai/contract';
import { correctionNotice } from './correction';
import { SEARCH_SCOPE, type SearchState } from './url-state';

/**
 * The heading of the search page: "Results for “…”", or, when the API corrected a typo, "Showing
 * results for *laptop*" and "Search instead for lapton" (the words as typed, `exact=true`).
 */
export function SearchHeading({ state, result }: { state: SearchState; result: SearchResult | null }) {
  const notice = correctionNotice(SEARCH_SCOPE, state, result);
  if (notice?.kind === 'corrected') {
    return (
      <header className="listing__header">
        <h1>
          Showing results for <em>{notice.corrected}</em>
        </h1>
        <p className="listing__subtitle">
          Search instead for <Link href={notice.exactHref}>{notice.typed}</Link>
        </p>
      </header>
    );
  }
  return (
    <header className="listing__header">
      <h1>{state.q ? <>Results for “{state.q}”</> : 'All products'}</h1>
      {notice ? (
        <p className="listing__subtitle">
          Nothing matched “{notice.typed}” exactly, so these products have similar names.{' '}
          <Link href={notice.exactHref}>Search only for “{notice.typed}”</Link>
        </p>
      ) : null}
    </header>
  );
}
