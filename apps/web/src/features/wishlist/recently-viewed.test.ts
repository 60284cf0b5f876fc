import type { ProductSummary } from '@kedai/contract';
import { describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_MAX, recentlyViewedToShow } from './RecentlyViewed';

const product = (n: number): ProductSummary => ({
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  paramName: `p-${n}`,
  name: `Product ${n}`,
  price: { SG: 100 },
  priceRange: { SG: { min: 100, max: 100 } },
  priceCurrency: { SG: 'SGD' },
  mainImage: null,
  inStock: true,
  hasVariants: false,
  sourceMarketPlace: null,
  merchant: null,
  createdAt: 1_800_000_000,
});

describe('recently viewed strip', () => {
  it('leaves out the product of the page and keeps the order', () => {
    const list = [product(1), product(2), product(3)];
    expect(recentlyViewedToShow(list, product(2).uuid).map((p) => p.name)).toEqual(['Product 1', 'Product 3']);
  });

  it('shows at most RECENTLY_VIEWED_MAX products', () => {
    const list = Array.from({ length: 20 }, (_, i) => product(i));
    expect(recentlyViewedToShow(list)).toHaveLength(RECENTLY_VIEWED_MAX);
  });

  it('nothing to show when only the current product was viewed (the strip is hidden)', () => {
    expect(recentlyViewedToShow([product(1)], product(1).uuid)).toEqual([]);
  });
});
