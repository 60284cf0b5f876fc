import { AppError, isInStock, isUuid } from '@kedai/domain';
import { sql, queryRows, type Database } from '@kedai/db';
import type { Product, ProductFlags, ProductSummary } from '@kedai/contract';
import { regionCurrencies } from '../regions/service';
import { findProductRow, summaryRowsByIds, toProduct, toSummary } from './products';

/** How many products a visitor's history keeps. */
export const RECENTLY_VIEWED_KEEP = 30;

export async function getProduct(db: Database, idOrParamName: string): Promise<Product> {
  const where = isUuid(idOrParamName) ? sql`p.id = ${idOrParamName.toLowerCase()}::uuid` : sql`p.param_name = ${idOrParamName}`;
  const [row, currencies] = await Promise.all([findProductRow(db, where), regionCurrencies(db)]);
  if (!row) throw new AppError('product/not_found', [idOrParamName]);
  return toProduct(row, currencies);
}

export async function productFlags(db: Database, idOrParamName: string): Promise<ProductFlags> {
  const product = await getProduct(db, idOrParamName);
  return {
    uuid: product.uuid,
    inStock: !product.disabled && isInStock(product),
    disabled: product.disabled,
    external: product.sourceMarketPlace !== null,
    sourceMarketPlace: product.sourceMarketPlace,
    inWishlist: false,
    inCart: false,
  };
}

/** Remembers a product view, newest first, keeping the last few per visitor. */
export async function recordView(db: Database, visitorId: string, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO recently_viewed (visitor_id, product_id, viewed_at) VALUES (${visitorId}, ${productId}::uuid, now())
      ON CONFLICT (visitor_id, product_id) DO UPDATE SET viewed_at = excluded.viewed_at`);
    await tx.execute(sql`
      DELETE FROM recently_viewed WHERE visitor_id = ${visitorId} AND product_id NOT IN (
        SELECT product_id FROM recently_viewed WHERE visitor_id = ${visitorId}
        ORDER BY viewed_at DESC LIMIT ${RECENTLY_VIEWED_KEEP})`);
  });
}

export async function recentlyViewed(db: Database, visitorId: string | undefined, limit = 12): Promise<ProductSummary[]> {
  if (!visitorId) return [];
  const viewed = await queryRows<{ product_id: string }>(
    db,
    sql`SELECT product_id FROM recently_viewed WHERE visitor_id = ${visitorId}
        ORDER BY viewed_at DESC, product_id LIMIT ${RECENTLY_VIEWED_KEEP}`,
  );
  const [rows, currencies] = await Promise.all([
    summaryRowsByIds(db, viewed.map((v) => v.product_id)),
    regionCurrencies(db),
  ]);
  return rows.slice(0, limit).map((row) => toSummary(row, currencies));
}
