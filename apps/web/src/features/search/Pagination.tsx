import Link from 'next/link';
import { paginationItems } from './facets';
import { MAX_PAGE, listingHref, withPage, type ListingScope, type SearchState } from './url-state';

export interface PaginationProps {
  scope: ListingScope;
  state: SearchState;
  page: number;
  pages: number;
}

/** Previous / numbered pages / next, as links (`rel=prev/next`) that keep every filter. */
export function Pagination({ scope, state, page, pages }: PaginationProps) {
  const last = Math.min(pages, MAX_PAGE);
  if (last <= 1) return null;
  const href = (p: number) => listingHref(scope, withPage(state, p));
  const items = paginationItems(page, last);
  return (
    <nav className="pagination" aria-label="Pages of results">
      {page > 1 ? (
        <Link href={href(Math.min(page - 1, last))} rel="prev" className="pagination__step">
          <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span>
        </Link>
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-hidden="true">
          ‹ Previous
        </span>
      )}
      <ol className="pagination__pages" role="list">
        {items.map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                href={href(item.page)}
                className="pagination__page"
                aria-current={item.current ? 'page' : undefined}
                aria-label={`Page ${item.page}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < last ? (
        <Link href={href(page + 1)} rel="next" className="pagination__step">
          Next<span className="visually-hidden"> page</span>
          <span aria-hidden="true"> ›</span>
        </Link>
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-hidden="true">
          Next ›
        </span>
      )}
    </nav>
  );
}
