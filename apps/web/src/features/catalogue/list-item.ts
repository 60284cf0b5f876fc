import type { ProductSummary } from '@kedai/contract';

/**
 * The product with prices for one region only: all that analytics (`select_item`) needs, and a
 * fraction of the bytes a full product adds to the page when handed to a client component.
 */
export function productForRegion(product: ProductSummary, region: string): ProductSummary {
  const pick = <T,>(record: Record<string, T>): Record<string, T> =>
    Object.hasOwn(record, region) ? { [region]: record[region] as T } : {};
  return {
    ...product,
    price: pick(product.price),
    priceRange: pick(product.priceRange),
    priceCurrency: pick(product.priceCurrency),
  };
}
