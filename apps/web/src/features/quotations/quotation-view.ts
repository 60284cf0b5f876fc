/**
 * What the quotations page shows, as pure functions: each item's status in words and as a badge,
 * where it comes from, why it cannot be checked out, its quoted price in the shopper's region, the
 * status filter and the total of the checked items. The rules behind them are the domain's
 * (packages/domain quotations.ts) and spec §4 "Quotation".
 */
import type { ExternalProduct, Product, QuotationItem } from '@kedai/contract';
import {
  QUOTATION_STATUS_MESSAGES,
  formatMoneyOrNull,
  multiplyMoney,
  parseHttpLink,
  quotedUnitPrice,
  sumMoney,
  type Money,
  type QuotationStatus,
} from '@kedai/domain';
import { productHref } from '../catalogue/links';
import { variantOptionsText } from '../cart/cart-view';

/** The status filter of the page: every item, or one status. */
export type StatusFilter = 'all' | QuotationStatus;

/** The filter's buttons, in order, with the short word each status goes by. */
export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'p', label: 'Quoting' },
  { value: 'r', label: 'Quoted' },
  { value: 'd', label: 'Unsuccessful' },
];

/** The badge of a status: its short word (as the filter names it) and its tone. */
export function statusBadge(status: QuotationStatus): { label: string; tone: 'pending' | 'resolved' | 'declined' } {
  switch (status) {
    case 'p':
      return { label: 'Quoting', tone: 'pending' };
    case 'r':
      return { label: 'Quoted', tone: 'resolved' };
    case 'd':
      return { label: 'Unsuccessful', tone: 'declined' };
  }
}

/** The status message exactly as spec §4 words it (the domain's table, which the API answers too). */
export function statusMessageOf(item: Pick<QuotationItem, 'status'>): string {
  return QUOTATION_STATUS_MESSAGES[item.status];
}

export function filterByStatus(items: readonly QuotationItem[], filter: StatusFilter): QuotationItem[] {
  return filter === 'all' ? [...items] : items.filter((item) => item.status === filter);
}

export function countByStatus(items: readonly QuotationItem[]): Record<StatusFilter, number> {
  const counts: Record<StatusFilter, number> = { all: items.length, p: 0, r: 0, d: 0 };
  for (const item of items) counts[item.status] += 1;
  return counts;
}

/**
 * Where an item comes from: "From Amazon" for a marketplace product (or one of the shop's
 * products bought from a marketplace), "Sold by Lion City Tech" for a merchant's, else null.
 */
export function sourceOf(item: QuotationItem, product: Product | undefined): string | null {
  if (item.externalProduct) return `From ${item.externalProduct.sourceMarketPlace}`;
  if (product?.merchant) return `Sold by ${product.merchant.name}`;
  if (product?.sourceMarketPlace) return `From ${product.sourceMarketPlace}`;
  return null;
}

/** "Storage: 1 TB, Colour: Mint" for one of the shop's products; '' otherwise. */
export function optionsOf(item: QuotationItem, product: Product | undefined): string {
  return item.productSource === 'i' ? variantOptionsText(product, item.productSourceData.variantPath) : '';
}

/** Where the name leads: the shop's product page (with its options), the marketplace's page, or nowhere. */
export function itemLink(item: QuotationItem, product: Product | undefined): { href: string; external: boolean } | null {
  if (item.externalProduct) {
    const href = parseHttpLink(item.externalProduct.url) ?? parseHttpLink(item.externalProduct.link);
    return href ? { href, external: true } : null;
  }
  if (!product) return null;
  const variantPath = item.productSourceData.variantPath;
  return { href: `${productHref(product.paramName)}${variantPath ? `?v=${variantPath}` : ''}`, external: false };
}

/** A marketplace product's first picture, when it is an http(s) address. */
export function externalImageOf(externalProduct: Pick<ExternalProduct, 'images'> | null): string | null {
  const first = externalProduct?.images[0];
  return first ? parseHttpLink(first) : null;
}

/** Why an item's checkbox is off and disabled, or null when it can be checked (spec §4). */
export function checkBlockReason(item: QuotationItem, product: Product | undefined, checkable: boolean): string | null {
  if (checkable) return null;
  if (item.status === 'p') return "Waiting for the shop's quote";
  if (item.status === 'd') return 'This quotation was unsuccessful, so it cannot be checked out';
  if (item.productSource === 'i' && (!product || product.disabled)) return 'This product is no longer sold, so it cannot be checked out';
  return 'This item cannot be checked out';
}

export interface QuotedPrice {
  /** "S$12.50": one unit. */
  unit: string;
  /** "S$25.00": the unit price × the quantity. */
  total: string;
}

/** The quoted price in the shopper's region, or null when the region has none (or no quote yet). */
export function quotedPriceOf(item: QuotationItem, region: { key: string; currency: string }): QuotedPrice | null {
  const money = quotedMoneyOf(item, region);
  if (!money) return null;
  const unit = formatMoneyOrNull(money);
  const total = formatMoneyOrNull(multiplyMoney(money, item.quantity));
  return unit && total ? { unit, total } : null;
}

function quotedMoneyOf(item: QuotationItem, region: { key: string; currency: string }): Money | null {
  if (item.status !== 'r') return null;
  const amount = quotedUnitPrice(item.statusData, region.key);
  return amount === null ? null : { amount, currency: region.currency };
}

/** The marketplace's own price the shop found, "USD 129.90", for a resolved marketplace item. */
export function basePriceOf(item: QuotationItem): string | null {
  const data = item.statusData;
  if (item.status !== 'r' || !data || data.basePrice === null || !data.basePriceCurrency) return null;
  return formatMoneyOrNull({ amount: data.basePrice, currency: data.basePriceCurrency });
}

export interface QuotationSelectionTotal {
  /** The sum of the checked items quoted in the region, formatted; null when nothing is counted. */
  total: string | null;
  /** Checked items. */
  items: number;
  /** Units of the checked items. */
  units: number;
  /** Checked items with no quote for the region (not counted). */
  unquoted: number;
}

/** The total of the checked items, in the region's currency (spec §4; like the cart's subtotal). */
export function quotationSelectionTotal(
  items: readonly QuotationItem[],
  checkedIds: readonly string[],
  region: { key: string; currency: string },
): QuotationSelectionTotal {
  const checked = items.filter((item) => checkedIds.includes(item.id));
  const totals: Money[] = [];
  let unquoted = 0;
  for (const item of checked) {
    const unit = quotedMoneyOf(item, region);
    if (unit) totals.push(multiplyMoney(unit, item.quantity));
    else unquoted += 1;
  }
  return {
    total: formatMoneyOrNull(sumMoney(totals, region.currency)),
    items: checked.length,
    units: checked.reduce((sum, item) => sum + item.quantity, 0),
    unquoted,
  };
}
