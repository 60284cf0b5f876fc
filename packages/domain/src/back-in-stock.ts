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
