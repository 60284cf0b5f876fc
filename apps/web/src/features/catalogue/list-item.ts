import type { ProductSummary } from '@kedai/contract';
import type { AnalyticsProduct } from '../analytics/analytics';

/**
 * What `select_item` reports of a product, with prices for one region only: a fraction of the
 * bytes a full product adds to the page when handed to a client component (once per card).
 */
export function productForRegion(product: ProductSummary, region: string): AnalyticsProduct {
  const pick = <T>(record: Record<string, T>): Record<string, T> =>
    Object.hasOwn(record, region) ? { [region]: record[region] as T } : {};
  return {
    uuid: product.uuid,
    name: product.name,
    merchant: product.merchant ? { name: product.merchant.name } : null,
    price: pick(product.price),
    priceRange: pick(product.priceRange),
    priceCurrency: pick(product.priceCurrency),
  };
}
