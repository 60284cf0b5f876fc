'use client';

import { useEffect, useRef } from 'react';
import type { Product } from '@kedai/contract';
import { viewItem } from '../analytics/analytics';

export interface ViewItemTrackerProps {
  product: Product;
  region: string;
  variantPath: string | null;
}

/** Sends `view_item` once when the product page is shown (once per product, even in Strict Mode). */
export function ViewItemTracker({ product, region, variantPath }: ViewItemTrackerProps) {
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (sentFor.current === product.uuid) return;
    sentFor.current = product.uuid;
    viewItem(product, region, variantPath);
    // Only a different product is a new view; variant changes and re-renders are not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product.uuid]);
  return null;
}
