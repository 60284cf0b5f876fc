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

/** A link to a product that reports `select_item` (rules: money.md) when followed. */
export function TrackedProductLink({ href, product, region, listName, index, className, children }: TrackedProductLinkProps) {
  return (
    <Link href={href} className={className} onClick={() => selectItem(product, region, listName, index)}>
      {children}
    </Link>
  );
}
