/** Links of the home page's content (banners, popups, product groups). */
import type { Category, HomeProductGroup } from '@kedai/contract';
import { categoryHref } from '../catalogue/links';

function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/**
 * A content link as an href: site paths and http(s) addresses are followed; anything else
 * (javascript:, data:, protocol-relative) is dropped.
 */
export function safeContentHref(link: string | null | undefined): string | null {
  if (!link) return null;
  const href = link.trim();
  if (isInternal(href) || /^https?:\/\/[^/\s]/i.test(href)) return href;
  return null;
}

/** Whether an href stays on this site (client-side navigation) rather than leaving it. */
export function isSiteHref(href: string): boolean {
  return isInternal(href);
}

/** "See all" of a home group: the page of its category, or null for a hand-picked group. */
export function groupHref(
  group: Pick<HomeProductGroup, 'categoryId'>,
  categories: readonly Pick<Category, 'id' | 'path'>[],
): string | null {
  if (!group.categoryId) return null;
  const category = categories.find((c) => c.id === group.categoryId);
  return category ? categoryHref(category.path) : null;
}
