import Link from 'next/link';

export interface SiteHeaderProps {
  shopName: string;
}

/** The banner of every page: skip link, shop name, product search and the main navigation. */
export function SiteHeader({ shopName }: SiteHeaderProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link href="/" className="brand" aria-label={`${shopName}, home`}>
            <span className="brand__mark" aria-hidden="true">
              {shopName.slice(0, 1).toUpperCase()}
            </span>
            <span className="brand__name">{shopName}</span>
          </Link>
          {/* A plain GET form: it works before (and without) any JavaScript. */}
          <form className="site-search" role="search" action="/search" method="get">
            <label htmlFor="site-search-q" className="visually-hidden">
              Search products
            </label>
            <input
              id="site-search-q"
              name="q"
              type="search"
              placeholder="Search products"
              autoComplete="off"
              maxLength={200}
              enterKeyHint="search"
            />
            <button type="submit" className="button">
              Search
            </button>
          </form>
          <nav className="site-nav" aria-label="Main">
            <ul>
              <li>
                <Link href="/#categories">Categories</Link>
              </li>
              <li>
                <Link href="/#new-arrivals">New arrivals</Link>
              </li>
            </ul>
          </nav>
        </div>
      </header>
    </>
  );
}
