'use client';

import { useEffect, useState } from 'react';
import type { ProductSummary } from '@kedai/contract';
import { browserApi } from '../../lib/browser-api';
import { ProductGrid } from '../catalogue/ProductGrid';
import { useAppSelector } from '../../store/hooks';

/** `select_item` list name of the strip. */
const RECENTLY_VIEWED_LIST = 'Recently viewed';
/** Most products the strip shows. */
export const RECENTLY_VIEWED_MAX = 12;

export interface RecentlyViewedProps {
  region: string;
  assetsUrl: string;
  /** The product of the page it is on, left out of the strip. */
  excludeId?: string;
}

/** The strip's products: without the current product, at most RECENTLY_VIEWED_MAX. */
export function recentlyViewedToShow(products: readonly ProductSummary[], excludeId?: string): ProductSummary[] {
  return products.filter((product) => product.uuid !== excludeId).slice(0, RECENTLY_VIEWED_MAX);
}

/**
 * "Recently viewed" (`GET /product/recently_viewed`), loaded in the browser after the page (the
 * list is per visitor, so the page itself stays cacheable). Hidden while loading, on failure and
 * when empty. Loaded again when the user signs in or out (the list follows the session).
 */
export function RecentlyViewed({ region, assetsUrl, excludeId }: RecentlyViewedProps) {
  const signedIn = useAppSelector((state) => state.user.signedIn);
  const [products, setProducts] = useState<ProductSummary[]>([]);

  useEffect(() => {
    let current = true;
    // After the page's own work (the strip is the least of it).
    const timer = setTimeout(() => {
      browserApi
        .get('/product/recently_viewed')
        .then((answer) => {
          if (current) setProducts(recentlyViewedToShow(answer.products ?? [], excludeId));
        })
        .catch(() => {
          // Nice to have: a failure just leaves the strip out.
        });
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [excludeId, signedIn]);

  if (products.length === 0) return null;
  return (
    <section className="section" aria-labelledby="recently-viewed-title">
      <div className="section__head">
        <h2 id="recently-viewed-title">Recently viewed</h2>
      </div>
      <ProductGrid products={products} region={region} assetsUrl={assetsUrl} listName={RECENTLY_VIEWED_LIST} />
    </section>
  );
}
