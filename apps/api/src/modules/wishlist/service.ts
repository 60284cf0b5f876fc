import { AppError, isUuid } from '@kedai/domain';
import { and, desc, eq, lockKey, schema, sql, type Database } from '@kedai/db';
import type { ProductSummary, WishlistEntryResponse } from '@kedai/contract';
import { productSummariesByIds, productsByIds } from '../catalogue/service';

/**
 * The wishlist (rules: api.md `/wishlist`, issue 6). Adding and removing are idempotent (no toggle: a
 * repeated or retried call cannot undo itself): adding again keeps one entry at its first time,
 * removing what is not there is fine. Only enabled products can be added; a product disabled later
 * stays stored but is left out of the list until it is enabled again. At most `MAX_WISHLIST_ITEMS`
 * products (409 `wishlist/max_items_reached`, the limit as `{0}`), checked under a per-user
 * advisory lock so concurrent adds cannot pass it together; adding one already there always works.
 */

const { wishlistItems } = schema;

/** A product id from a path or body: a uuid (lower case), else 404 `product/not_found`. */
function productIdOf(value: unknown): string {
  if (typeof value !== 'string' || !isUuid(value)) {
    throw new AppError('product/not_found', [typeof value === 'string' ? value : '']);
  }
  return value.toLowerCase();
}

/**
 * `POST /wishlist`: 404 for an unknown product, 409 `product/disabled` for a disabled one, 409
 * `wishlist/max_items_reached` for a new product beyond `limit`.
 */
export async function addToWishlist(db: Database, userId: string, limit: number, productIdValue: unknown): Promise<WishlistEntryResponse> {
  const productId = productIdOf(productIdValue);
  const [product] = await productsByIds(db, [productId]);
  if (!product) throw new AppError('product/not_found', [productId]);
  if (product.disabled) throw new AppError('product/disabled', [productId]);
  await db.transaction(async (tx) => {
    await lockKey(tx, `wishlist:${userId}`);
    const [held] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        exists: sql<boolean>`coalesce(bool_or(${wishlistItems.productId} = ${productId}::uuid), false)`,
      })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId));
    if (held?.exists) return;
    if ((held?.count ?? 0) >= limit) throw new AppError('wishlist/max_items_reached', [limit]);
    await tx.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  });
  return { productId, inWishlist: true };
}

/** `DELETE /wishlist/{productId}`: idempotent; an id that is not a uuid is 404 `product/not_found`. */
export async function removeFromWishlist(db: Database, userId: string, productIdValue: string): Promise<WishlistEntryResponse> {
  const productId = productIdOf(productIdValue);
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return { productId, inWishlist: false };
}

/** `GET /wishlist/{productId}` and the `inWishlist` product flag. */
export async function isInWishlist(db: Database, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .limit(1);
  return row !== undefined;
}

export async function wishlistEntry(db: Database, userId: string, productIdValue: string): Promise<WishlistEntryResponse> {
  const productId = productIdOf(productIdValue);
  return { productId, inWishlist: await isInWishlist(db, userId, productId) };
}

/** `GET /wishlist`: the products, most recently added first, disabled ones left out. */
export async function listWishlist(db: Database, userId: string): Promise<ProductSummary[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  return productSummariesByIds(
    db,
    rows.map((row) => row.productId),
  );
}
