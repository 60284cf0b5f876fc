/**
 * "Tell me when it is back" (issue 13): which variant path a shopper may wait for, and when it is
 * back. A product without variants is waited for as a whole (''). A product with variants is waited
 * for one full variant path at a time, or as a whole ('') when every path is sold out: then any
 * path coming back brings the mail.
 */
import { isInStock, isValidVariantPath, stockFor, type StockHolder } from './catalogue';

/** Whether `variantPath` names something of this product a shopper can wait for ('' or a full path). */
export function isValidBackInStockPath(product: Pick<StockHolder, 'variants'>, variantPath: string): boolean {
  if (variantPath === '') return true;
  return product.variants.length > 0 && isValidVariantPath(product.variants, variantPath);
}

/** Whether at least one unit of what is waited for can be bought: the path, or with '' any of the product. */
export function isBackInStock(product: StockHolder, variantPath: string): boolean {
  if (variantPath === '') return isInStock(product);
  return stockFor(product, variantPath) > 0;
}

/** A product as buyable as it is: its stock, and whether staff disabled it. */
export type BuyableHolder = StockHolder & { disabled: boolean };

/**
 * What a product change brought back (the `product.back_in_stock` event): the variant paths ('' for
 * a product without variants) that can be bought after it and could not before — their stock went
 * from 0 to more, or the product was enabled again with stock. Empty when nothing came back.
 */
export function pathsBackInStock(before: BuyableHolder, after: BuyableHolder): string[] {
  const keys = (product: StockHolder) => (product.variants.length === 0 ? [''] : Object.keys(product.variantPaths));
  const buyable = (product: BuyableHolder, key: string) =>
    !product.disabled && (product.variants.length === 0 ? key === '' && product.stock > 0 : (product.variantPaths[key]?.stock ?? 0) > 0);
  return keys(after).filter((key) => buyable(after, key) && !buyable(before, key));
}
