/** What the header's search box and its loaded combobox share: their props and the search button. */

export interface SearchBoxProps {
  /** Region key whose prices the suggestions show. */
  region: string;
  assetsUrl: string;
}

/** The search button (a magnifier, its text hidden on narrow screens), the same before and after the suggestions load. */
export function SearchSubmit() {
  return (
    <button type="submit" className="button site-search__submit">
      <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20" className="icon">
        <circle cx="8.5" cy="8.5" r="5.5" stroke="currentColor" strokeWidth="2" fill="none" />
        <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="site-search__submit-text">Search</span>
    </button>
  );
}
