import type { ProductSummary } from '@kedai/contract';
import { formatMoneyOrNull } from '@kedai/domain';

export interface DisplayPrice {
  /** Formatted lowest price, e.g. "S$12.50". */
  amount: string;
  /** Whether variants make the price a range ("From S$12.50"). */
  from: boolean;
  /** The whole label to show. */
  label: string;
}

/** The price a card shows for a region, or null when the product has no price there. */
export function displayPrice(product: Pick<ProductSummary, 'price' | 'priceRange' | 'priceCurrency'>, region: string): DisplayPrice | null {
  const currency = product.priceCurrency[region];
  const base = product.price[region];
  const range = product.priceRange[region] ?? (base === undefined ? undefined : { min: base, max: base });
  if (!currency || !range) return null;
  const amount = formatMoneyOrNull({ amount: range.min, currency });
  if (amount === null) return null;
  const from = range.min !== range.max;
  return { amount, from, label: from ? `From ${amount}` : amount };
}
