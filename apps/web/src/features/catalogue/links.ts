/** Storefront addresses of catalogue entities. */
export function productHref(paramName: string): string {
  return `/product/${encodeURIComponent(paramName)}`;
}

export function categoryHref(path: string): string {
  return `/search?${new URLSearchParams({ category: path }).toString()}`;
}
