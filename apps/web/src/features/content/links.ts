/**
 * Links that come from content (image pages, banners) are data, not code: only site paths and
 * http(s) addresses are followed; anything else (`javascript:`, `data:`, protocol-relative `//x`)
 * is dropped.
 */
export function safeContentHref(link: string | null | undefined): string | null {
  if (!link) return null;
  const href = link.trim();
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return href;
  if (/^https?:\/\/[^\s]+$/i.test(href)) return href;
  return null;
}

/** Whether a (safe) link stays on this site, so it can use client-side navigation. */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}
