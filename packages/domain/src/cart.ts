/**
 * Cart rules shared by the API and the storefront (rules: entities.md "Cart item", "Selection for checkout",
 * §5 stock check): what a quantity and a note may be, when an item can be bought, and what a
 * selection for checkout may hold.
 */
import { isAvailable, isValidVariantPath, type StockHolder } from './catalogue';
import { multiplyMoney, sumMoney, type Money } from './money';
import { parsePositiveInt } from './numbers';

/** Most units of one cart line. Above it a quantity is refused, not clamped: nobody means 10 000 shirts. */
export const CART_QUANTITY_MAX = 999;
/** Longest note to the seller on a cart line, in UTF-16 units (what `maxLength` counts) after trimming. */
export const CART_MESSAGE_MAX = 500;
/** Default most lines in one cart (the API's `MAX_CART_ITEMS` overrides it). */
export const DEFAULT_MAX_CART_ITEMS = 100;
/** Default most products in one wishlist (the API's `MAX_WISHLIST_ITEMS` overrides it). */
export const DEFAULT_MAX_WISHLIST_ITEMS = 500;

/**
 * A cart line's type: `internal` for a product the shop's merchants sell, `external` for one the
 * shop buys for the shopper from another marketplace. It follows from the product, never from
 * what a client sends.
 */
export const CART_ITEM_TYPES = ['internal', 'external'] as const;
export type CartItemType = (typeof CART_ITEM_TYPES)[number];

export function cartItemTypeOf(product: { sourceMarketPlace: string | null }): CartItemType {
  return product.sourceMarketPlace ? 'external' : 'internal';
}

/**
 * A cart quantity from a JSON number or a valid number string (rules: validation.md): a whole number from 1 to
 * CART_QUANTITY_MAX, or null. Zero, negatives, fractions, exponents, spaces and huge values are null.
 */
export function parseCartQuantity(value: unknown): number | null {
  return parsePositiveInt(value, { max: CART_QUANTITY_MAX });
}

/**
 * A note to the seller: trimmed text of at most CART_MESSAGE_MAX characters ('' when absent or
 * null), or null when it is not text or too long.
 */
export function parseCartMessage(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') return null;
  const message = value.trim();
  // UTF-16 units, as a textarea's maxLength counts them: the browser and the server agree on the limit.
  return message.length <= CART_MESSAGE_MAX ? message : null;
}

/** The variant path a product needs: '' for a product without variants, else one of its full paths. */
export function isValidCartVariantPath(product: Pick<StockHolder, 'variants'>, variantPath: string): boolean {
  if (product.variants.length === 0) return variantPath === '';
  return isValidVariantPath(product.variants, variantPath);
}

export interface CartProduct extends StockHolder {
  disabled: boolean;
}

export interface CartLine {
  variantPath: string;
  quantity: number;
}

/**
 * rules: validation.md stock check, for a cart line: it can be bought only when its product still exists, is
 * not disabled, the variant path is still one of the product's, and the stock on hand (variant
 * stock, or product stock without variants) is at least the quantity. The cart may hold more than
 * the stock; such lines are shown unavailable and cannot be selected for checkout.
 */
export function isCartItemAvailable(product: CartProduct | undefined, item: CartLine): boolean {
  if (!product || product.disabled) return false;
  if (!isValidCartVariantPath(product, item.variantPath)) return false;
  return isAvailable(product, item.variantPath || null, item.quantity);
}

export interface PricedProduct {
  price: Record<string, number>;
  priceCurrency: Record<string, string>;
  variants: StockHolder['variants'];
  variantPaths: StockHolder['variantPaths'];
}

/**
 * One unit's price of a cart line in a region: the variant path's price (falling back to the
 * product's when the path has none for the region), or null when the product is not sold there.
 */
export function cartUnitPrice(product: PricedProduct, variantPath: string, region: string): Money | null {
  const currency = product.priceCurrency[region];
  const base = product.price[region];
  if (!currency || base === undefined) return null;
  const amount = variantPath ? (product.variantPaths[variantPath]?.price[region] ?? base) : base;
  return { amount, currency };
}

/** A product's prices as pages show them: per region, with the range over its variant paths. */
export interface RangedProduct extends PricedProduct {
  priceRange: Record<string, { min: number; max: number }>;
}

/** A price to show: one amount (min equals max) or a range, in the region's currency. */
export interface PriceSpan {
  min: number;
  max: number;
  currency: string;
}

/**
 * The price of a product in a region: the unit price of the chosen full variant path (the cart's
 * rule, `cartUnitPrice`), else the range over all its paths. Null when it is not sold in the region.
 */
export function priceSpan(product: RangedProduct, region: string, path: string | null): PriceSpan | null {
  const base = product.price[region];
  const currency = product.priceCurrency[region];
  if (!currency || base === undefined) return null;
  const chosen = product.variants.length === 0 ? '' : path && isValidVariantPath(product.variants, path) ? path : null;
  if (chosen !== null) {
    const unit = cartUnitPrice(product, chosen, region)!;
    return { min: unit.amount, max: unit.amount, currency };
  }
  const range = product.priceRange[region] ?? { min: base, max: base };
  return { min: range.min, max: range.max, currency };
}

/** A line's total in a region (unit price × quantity), or null when its product has no price there (or is gone). */
export function lineTotal(line: CartLine, product: PricedProduct | undefined, region: string): Money | null {
  if (!product) return null;
  const unit = cartUnitPrice(product, line.variantPath, region);
  return unit ? multiplyMoney(unit, line.quantity) : null;
}

/**
 * Units in a cart: the sum of its lines' quantities. The one count of a cart, shown by the header
 * badge and set beside the selection's units on the cart page.
 */
export function cartUnitCount(lines: readonly Pick<CartLine, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export interface SelectionSubtotal {
  /** Sum of the checked lines that have a price in the region's currency. */
  total: Money;
  /** Units checked (the lines' quantities). */
  units: number;
  /** Checked lines. */
  lines: number;
  /** Checked lines left out of the total: no price in the region (or another currency). */
  unpriced: number;
}

/**
 * Subtotal of the checked lines in the region's currency: what the cart page shows and what
 * checkout charges for the goods.
 */
export function selectionSubtotal(
  lines: readonly (CartLine & { id: string; productId: string })[],
  productById: Readonly<Record<string, PricedProduct>>,
  checkedIds: readonly string[],
  region: { key: string; currency: string },
): SelectionSubtotal {
  const checked = lines.filter((line) => checkedIds.includes(line.id));
  const totals: Money[] = [];
  let unpriced = 0;
  for (const line of checked) {
    const total = lineTotal(line, productById[line.productId], region.key);
    if (total && total.currency.toUpperCase() === region.currency.toUpperCase()) totals.push(total);
    else unpriced += 1;
  }
  return {
    total: sumMoney(totals, region.currency),
    units: cartUnitCount(checked),
    lines: checked.length,
    unpriced,
  };
}
