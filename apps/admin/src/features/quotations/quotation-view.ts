/**
 * How the quotation queue shows an item (issue 15, "What staff can do"): its status, the product it
 * names (a marketplace product "from" its marketplace, or one of the shop's products with its
 * variant's options), what was read from the marketplace page, the shop product's price and stock
 * now, and the shop's answer. Amounts are shown with their currency's code first ("USD 129.90"), as
 * a marketplace price is found and as staff type them.
 */
import type { AdminQuotationItem, ExternalProduct, Product, Region } from '@kedai/contract';
import { fromMinorUnits, parseHttpLink, type QuotationStatus } from '@kedai/domain';
import { combinationLabel } from '../products/variant-paths';

export const STATUS_BADGES: Record<QuotationStatus, { label: string; className: string }> = {
  p: { label: 'Pending', className: 'badge badge--pending' },
  r: { label: 'Quoted', className: 'badge badge--on' },
  d: { label: 'Declined', className: 'badge badge--off' },
};

export const AVAILABILITY_LABELS: Record<ExternalProduct['availability'], string> = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
  preorder: 'Pre-order',
  unknown: 'Not shown on the page',
};

export const ORIGIN_LABELS: Record<ExternalProduct['origin'], string> = {
  page: "Read from the marketplace's page",
  manual: 'Described by the shopper (the page could not be read)',
};

/** "USD 129.90" for minor units; the bare number when the amount cannot be shown. */
export function moneyText(minor: number, currency: string): string {
  try {
    return `${currency} ${fromMinorUnits(minor, currency)}`;
  } catch {
    return `${currency} ${String(minor)}`;
  }
}

/** The price as the marketplace page showed it ("USD 129.90"), or null when it showed none. */
export function foundPriceText(product: Pick<ExternalProduct, 'price' | 'currency'>): string | null {
  const price = product.price?.trim();
  if (!price) return null;
  const currency = product.currency?.trim().toUpperCase();
  return currency ? `${currency} ${price}` : price;
}

/** "Colour: Red · Size: M" for a variant path of a product; '' without one. */
export function variantText(product: Pick<Product, 'variants'> | null, variantPath: string): string {
  if (!variantPath) return '';
  if (!product) return `Variant ${variantPath}`;
  const names = variantPath.split('/').map((index, i) => product.variants[i]?.options[Number(index)]);
  if (names.length !== product.variants.length || names.some((name) => name === undefined)) return `Variant ${variantPath}`;
  return combinationLabel(product.variants, names as string[]);
}

/** The product a row names: its name, and where it is from (the marketplace, or the variant chosen). */
export function productLine(item: AdminQuotationItem): { name: string; detail: string | null } {
  if (item.productSource === 'e') {
    const external = item.externalProduct;
    return {
      name: external?.name || item.name,
      detail: external?.sourceMarketPlace ? `from ${external.sourceMarketPlace}` : 'from a marketplace',
    };
  }
  if (!item.product) return { name: item.name, detail: 'no longer in the shop' };
  return { name: item.product.name, detail: variantText(item.product, item.productSourceData.variantPath) || null };
}

/** An address that may be opened from the back office: http(s) only. */
export const openableLink = (value: string | null | undefined): string | null => parseHttpLink(value ?? '');

/** The marketplace's pictures: https ones are shown (the policy allows `https:` images), others only linked. */
export function picturesOf(product: Pick<ExternalProduct, 'images'>): { shown: string[]; linked: string[] } {
  const shown: string[] = [];
  const linked: string[] = [];
  for (const image of product.images) {
    const link = openableLink(image);
    if (!link) continue;
    if (link.startsWith('https://')) shown.push(link);
    else linked.push(link);
  }
  return { shown, linked };
}

/** "Singapore (SGD)" for a region key; the bare key for a region the shop no longer has. */
export function regionLabel(regions: readonly Region[], key: string): string {
  const region = regions.find((r) => r.key === key);
  return region ? `${region.name} (${region.currency})` : key;
}

export interface PriceLine {
  key: string;
  label: string;
  text: string;
}

/** The shop product's price now, per region, for the variant asked for (or the product without variants). */
export function productPricesNow(product: Product, variantPath: string, regions: readonly Region[]): PriceLine[] {
  const prices = (variantPath ? product.variantPaths[variantPath]?.price : undefined) ?? product.price;
  return regions.flatMap((region) => {
    const amount = prices[region.key];
    if (amount === undefined || amount === null) return [];
    const currency = product.priceCurrency[region.key] ?? region.currency;
    return [{ key: region.key, label: `${region.name} (${currency})`, text: moneyText(amount, currency) }];
  });
}

/** The shop product's stock now, for the variant asked for. */
export function productStockNow(product: Product, variantPath: string): number {
  if (variantPath && product.variantPaths[variantPath]) return product.variantPaths[variantPath].stock;
  return product.stock;
}

export interface QuotedLine {
  key: string;
  label: string;
  /** "SGD 12.50 each, SGD 25.00 for 2" */
  text: string;
}

/** The price quoted in each region, for one unit and for the quantity, in the shop's order of regions. */
export function quotedLines(item: Pick<AdminQuotationItem, 'statusData' | 'quantity'>, regions: readonly Region[]): QuotedLine[] {
  const quoted = item.statusData?.quotedPrice ?? {};
  const order = [...regions.map((region) => region.key), ...Object.keys(quoted).filter((key) => !regions.some((r) => r.key === key))];
  return order.flatMap((key) => {
    const amount = quoted[key];
    if (amount === undefined) return [];
    const currency = regions.find((region) => region.key === key)?.currency;
    if (!currency) return [{ key, label: key, text: `${amount} in minor units each` }];
    const total = amount * item.quantity;
    const each = moneyText(amount, currency);
    return [
      {
        key,
        label: regionLabel(regions, key),
        text:
          item.quantity === 1 || !Number.isSafeInteger(total)
            ? `${each} each`
            : `${each} each, ${moneyText(total, currency)} for ${item.quantity}`,
      },
    ];
  });
}

/** "Siti Rahman, siti@example.com", or the address alone for an account without a name. */
export const shopperText = (shopper: AdminQuotationItem['shopper']): string =>
  shopper.name ? `${shopper.name}, ${shopper.email}` : shopper.email || 'An account that no longer exists';

/** "1 unit", "3 units". */
export const unitsText = (quantity: number): string => (quantity === 1 ? '1 unit' : `${quantity.toLocaleString('en-GB')} units`);
