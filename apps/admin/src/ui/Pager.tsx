import { Link } from 'react-router';

/**
 * The "Previous page / Page N of M / Next page" links under a list paged on the server; nothing
 * when there is one page. `linkTo` makes a page's address (the list keeps its filters in it).
 */
export function Pager({ page, pages, linkTo }: { page: number; pages: number; linkTo: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? <Link to={linkTo(page - 1)}>Previous page</Link> : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={linkTo(page + 1)}>Next page</Link> : null}
    </nav>
  );
}
