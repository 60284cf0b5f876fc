/**
 * What the cart page shows, as pure functions: a line's availability in words (rules: validation.md stock
 * check), its variant options and the lines grouped by merchant (the totals are the domain's
 * `lineTotal` and `selectionSubtotal`). Also whether the product page's Add to cart and Buy now may
 * be used (`purchaseCheck`).
 */
import type { CartItem, Product } from '@kedai/contract';
import {
  isAvailable,
  isCartItemAvailable,
  isValidCartVariantPath,
  onlyLeftText,
  priceSpan,
  stockFor,
  stockLevel,
  variantOptionsOf,
} from '@kedai/domain';
import type { VariantProduct } from '../product/variants';

/** Where buy-now goes (rules: screens.md): the cart with the new line selected and in view. */
export function cartHrefFor(cartItemId: string): string {
  return `/cart?${new URLSearchParams({ itemId: cartItemId })}`;
}

type AvailabilityKind = 'in_stock' | 'low_stock' | 'too_many' | 'sold_out' | 'gone';

export interface Availability {
  kind: AvailabilityKind;
  /** Whether the line can be checked out (the domain's stock check). */
  available: boolean;
  /** What to tell the shopper; '' when there is nothing to say (plenty in stock). */
  label: string;
  /** Units on hand, when the product and path are known. */
  stock: number | null;
}

/**
 * A line's availability: "No longer sold" (product gone, disabled or the option withdrawn),
 * "Sold out", "Not available in this quantity — only N left" (the cart holds more than the stock),
 * "Only N left" (a few left), or nothing to say.
 */
export function availabilityOf(item: Pick<CartItem, 'variantPath' | 'quantity'>, product: Product | undefined): Availability {
  if (!product || product.disabled || !isValidCartVariantPath(product, item.variantPath)) {
    return { kind: 'gone', available: false, label: 'No longer sold', stock: null };
  }
  const stock = stockFor(product, item.variantPath || null);
  if (stock <= 0) return { kind: 'sold_out', available: false, label: 'Sold out', stock: 0 };
  if (!isCartItemAvailable(product, item)) {
    return {
      kind: 'too_many',
      available: false,
      label: `Not available in this quantity — ${onlyLeftText(stock).toLowerCase()}`,
      stock,
    };
  }
  if (stockLevel(stock) === 'low_stock') return { kind: 'low_stock', available: true, label: onlyLeftText(stock), stock };
  return { kind: 'in_stock', available: true, label: '', stock };
}

export interface PurchaseCheck {
  /** Why Add to cart and Buy now cannot be used (no full variant chosen, sold out, not sold in the region), or null. */
  blocked: string | null;
  /** Units on hand of the chosen path (or of a product without variants); null before a full path is chosen. */
  stock: number | null;
  /** Nothing else blocks, but the quantity is more than the stock (the domain's stock check fails). */
  tooMany: boolean;
}

/**
 * Whether the product page's buying controls may be used for `quantity` units of the chosen
 * variant path (`''` for a product without variants, null while a variant has no option chosen),
 * and if not, why.
 */
export function purchaseCheck(
  product: VariantProduct,
  path: string | null,
  quantity: number,
  region: { key: string; name: string },
): PurchaseCheck {
  const hasVariants = product.variants.length > 0;
  const stock = path === null ? null : stockFor(product, path || null);
  let blocked: string | null = null;
  if (hasVariants && path === null)
    blocked = `Choose ${product.variants.map((variant) => variant.name.toLowerCase()).join(' and ')} first.`;
  else if (stock !== null && stock <= 0) blocked = hasVariants ? 'This option is sold out.' : 'This product is sold out.';
  else if (priceSpan(product, region.key, path) === null) blocked = `This product is not sold in ${region.name}.`;
  const tooMany = !blocked && path !== null && !isAvailable(product, path || null, quantity);
  return { blocked, stock, tooMany };
}

/** "Storage: 1 TB, Colour: Mint" for a line's variant path; '' without variants or for a withdrawn path. */
export function variantOptionsText(product: Pick<Product, 'variants'> | undefined, variantPath: string): string {
  const options = product ? variantOptionsOf(product.variants, variantPath) : null;
  return options ? options.map(({ name, option }) => `${name}: ${option}`).join(', ') : '';
}

export interface MerchantGroup {
  /**
   * Stable key: the merchant's id, the marketplace's name (URI-encoded: no white space, so the page
   * can use it in the id its section is labelled by), or `other`.
   */
  key: string;
  /** "Lion City Tech", "From Amazon", or "Other sellers". */
  name: string;
  items: CartItem[];
}

/** The lines grouped by merchant (external products by marketplace), groups in the order of their first line. */
export function groupByMerchant(items: readonly CartItem[], productById: Readonly<Record<string, Product>>): MerchantGroup[] {
  const groups = new Map<string, MerchantGroup>();
  for (const item of items) {
    const product = productById[item.productId];
    let key = 'other';
    let name = 'Other sellers';
    if (product?.merchant) {
      key = `merchant:${product.merchant.id}`;
      name = product.merchant.name;
    } else if (product?.sourceMarketPlace) {
      key = `market:${encodeURIComponent(product.sourceMarketPlace)}`;
      name = `From ${product.sourceMarketPlace}`;
    }
    const group = groups.get(key) ?? { key, name, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}
