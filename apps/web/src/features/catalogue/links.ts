/** Storefront addresses of catalogue entities. */
export function productHref(paramName: string): string {
  return `/product/${encodeURIComponent(paramName)}`;
}

/** A category's own page, `/category/<dot-joined path>` (e.g. `/category/electronics.laptops`). */
export function categoryHref(path: string): string {
  return `/category/${encodeURIComponent(path)}`;
}

/** A merchant's page, `/merchant/<slug>`. */
export function merchantHref(slug: string): string {
  return `/merchant/${encodeURIComponent(slug)}`;
}

/** An image page, `/page/<slug>`. */
export function imagePageHref(slug: string): string {
  return `/page/${encodeURIComponent(slug)}`;
}
