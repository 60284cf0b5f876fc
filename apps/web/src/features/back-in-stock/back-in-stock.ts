/**
 * "Tell me when it is back" on the product page (issue 13): what the shopper can wait for, and the
 * calls (`POST /back_in_stock`, `DELETE /back_in_stock/{productId}`), also used to finish a guest's
 * wish after signing in.
 */
import type { Product } from '@kedai/contract';
import { errorMessageFor, isInStock, stockFor } from '@kedai/domain';
import { browserApi } from '../../lib/browser-api';

/**
 * The variant path the shopper can ask to be told about, or null when there is nothing to wait for:
 * the chosen path (or '' without variants) when it is sold out; '' when no full variant is chosen yet
 * and every variant is sold out.
 */
export function backInStockPath(product: Pick<Product, 'variants' | 'variantPaths' | 'stock'>, path: string | null): string | null {
  if (path === null) return product.variants.length > 0 && !isInStock(product) ? '' : null;
  return stockFor(product, path || null) <= 0 ? path : null;
}

export type BackInStockResult = { ok: true; variantPaths: string[] } | { ok: false; error: string };

/** Asks (`asked`) or cancels; the answer is the variant paths still waited for. */
export async function setBackInStock(productId: string, variantPath: string, asked: boolean): Promise<BackInStockResult> {
  try {
    const answer = asked
      ? await browserApi.post('/back_in_stock', { body: { productId, variantPath } })
      : await browserApi.delete('/back_in_stock/:productId', { params: { productId }, query: { variantPath } });
    return { ok: true, variantPaths: answer.variantPaths };
  } catch (error) {
    return {
      ok: false,
      error: `${asked ? 'We could not note your request' : 'We could not cancel the e-mail'}: ${errorMessageFor(error)}`,
    };
  }
}

/** What the page says once asked (and announces). */
export const BACK_IN_STOCK_ASKED = 'We will e-mail you when it is back.';
export const BACK_IN_STOCK_CANCELLED = 'OK, we will not e-mail you about it.';
