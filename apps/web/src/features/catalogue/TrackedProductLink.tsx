'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { selectItem, type AnalyticsProduct } from '../analytics/analytics';

export interface TrackedProductLinkProps {
  href: string;
  /** The product as `selectItem` reports it (trim it with `productForRegion` first). */
  product: AnalyticsProduct;
  region: string;
  listName: string;
  /** 0-based position in the list (GA4 `index`). */
  index: number;
  className?: string;
  children: ReactNode;
}

/**
 * A link to a product that reports `select_item` (rules: money.md) when followed.
 *
 * Not prefetched (issue 30). Product pages are rendered per request, so Next.js prefetched each one
 * in full as its link came into view: a search for "shirt" with 14 cards made 18 server renders of
 * product pages (each an API read) before the shopper chose anything, and 0 with prefetching off.
 * A shopper opens one or two of them: the click now costs the one render it needs, a moment later.
 */
export function TrackedProductLink({ href, product, region, listName, index, className, children }: TrackedProductLinkProps) {
  return (
    <Link href={href} prefetch={false} className={className} onClick={() => selectItem(product, region, listName, index)}>
      {children}
    </Link>
  );
}
