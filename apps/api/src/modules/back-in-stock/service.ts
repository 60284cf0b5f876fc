import { AppError, isBackInStock, isUuid, isValidBackInStockPath } from '@kedai/domain';
import { and, asc, eq, isNull, schema, sql, type Database } from '@kedai/db';
import type { BackInStockState } from '@kedai/contract';
import { recordEvent } from '../../platform/events';
import { productsByIds } from '../catalogue/service';

/**
 * "Tell me when it is back" (issue 13). A signed-in shopper asks to be e-mailed when a sold-out
 * product (variant path '') or one sold-out variant path of it can be bought again; the
 * `product.back_in_stock` event's job (`job.ts`) sends the mail once and marks the request notified. Asking is idempotent (one row per
 * user, product and variant path by a unique key; asking again after the mail waits again), and
 * so is cancelling. Refused: an unknown product (404 `product/not_found`), a disabled one (409
 * `product/disabled`), a path that is not '' or a full path of the product (400
 * `cart/invalid_variant_path`), and what can be bought now (409 `back_in_stock/in_stock`).
 */

const { backInStockRequests } = schema;

/** A product id from a path or body: a uuid (lower case), else 404 `product/not_found`. */
function productIdOf(value: unknown): string {
  if (typeof value !== 'string' || !isUuid(value)) {
    throw new AppError('product/not_found', [typeof value === 'string' ? value : '']);
  }
  return value.toLowerCase();
}

/** `POST /back_in_stock`. */
export async function askBackInStock(
  db: Database,
  userId: string,
  body: { productId?: unknown; variantPath?: unknown },
): Promise<BackInStockState> {
  const productId = productIdOf(body.productId);
  const variantPath = body.variantPath ?? '';
  if (typeof variantPath !== 'string') throw new AppError('cart/invalid_variant_path');
  const [product] = await productsByIds(db, [productId]);
  if (!product) throw new AppError('product/not_found', [productId]);
  if (product.disabled) throw new AppError('product/disabled', [productId]);
  if (!isValidBackInStockPath(product, variantPath)) throw new AppError('cart/invalid_variant_path');
  if (isBackInStock(product, variantPath)) throw new AppError('back_in_stock/in_stock');
  await db
    .insert(backInStockRequests)
    .values({ userId, productId, variantPath })
    .onConflictDoUpdate({
      target: [backInStockRequests.userId, backInStockRequests.productId, backInStockRequests.variantPath],
      // Already mailed once: this is a new wish (sold out again), so it waits again.
      set: { notifiedAt: null, createdAt: sql`now()` },
      setWhere: sql`${backInStockRequests.notifiedAt} IS NOT NULL`,
    });
  // Stock that came back between the check above and the request's commit had its event handled
  // before this request existed: looked at again now, so the request is mailed rather than forgotten.
  const [now] = await productsByIds(db, [productId]);
  if (now && !now.disabled && isBackInStock(now, variantPath)) {
    await recordEvent(db, { type: 'product.back_in_stock', subject: productId, payload: { variantPaths: [variantPath] } });
  }
  return backInStockState(db, userId, productId);
}

/** `DELETE /back_in_stock/{productId}`: idempotent; an id that is not a uuid is 404 `product/not_found`. */
export async function cancelBackInStock(db: Database, userId: string, productIdValue: string, variantPath = ''): Promise<BackInStockState> {
  const productId = productIdOf(productIdValue);
  await db
    .delete(backInStockRequests)
    .where(
      and(
        eq(backInStockRequests.userId, userId),
        eq(backInStockRequests.productId, productId),
        eq(backInStockRequests.variantPath, variantPath),
      ),
    );
  return backInStockState(db, userId, productId);
}

/** The variant paths of a product the user is still waiting for (not yet mailed), for the flags too. */
export async function waitingPaths(db: Database, userId: string, productId: string): Promise<string[]> {
  const rows = await db
    .select({ variantPath: backInStockRequests.variantPath })
    .from(backInStockRequests)
    .where(
      and(eq(backInStockRequests.userId, userId), eq(backInStockRequests.productId, productId), isNull(backInStockRequests.notifiedAt)),
    )
    .orderBy(asc(backInStockRequests.variantPath));
  return rows.map((row) => row.variantPath);
}

/** `GET /back_in_stock/{productId}`. */
export async function backInStockState(db: Database, userId: string, productIdValue: string): Promise<BackInStockState> {
  const productId = productIdOf(productIdValue);
  return { productId, variantPaths: await waitingPaths(db, userId, productId) };
}
