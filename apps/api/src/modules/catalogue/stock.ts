import { queryRows, sql, uuidList, type Database } from '@kedai/db';
import { recordEvent } from '../../platform/events';

/**
 * Stock taken by orders and given back when they are cancelled (issue 16). Each line is one
 * conditional update (`stock >= quantity`), so two buyers can never both get the last unit and
 * stock never goes below 0 whatever the concurrency; run it in the order's transaction, so a line
 * that cannot be taken takes every other line back. Lines are updated in one order (product,
 * variant path) so concurrent orders lock the same rows in the same order and cannot deadlock.
 */

export interface StockLine {
  productId: string;
  /** '' for a product without variants. */
  variantPath: string;
  quantity: number;
}

/** The same product and path once, quantities added, in lock order. */
function merged(lines: readonly StockLine[]): StockLine[] {
  const byKey = new Map<string, StockLine>();
  for (const line of lines) {
    const key = `${line.productId}|${line.variantPath}`;
    const held = byKey.get(key);
    byKey.set(key, held ? { ...held, quantity: held.quantity + line.quantity } : { ...line });
  }
  return [...byKey.values()].sort((a, b) =>
    a.productId === b.productId ? a.variantPath.localeCompare(b.variantPath) : a.productId.localeCompare(b.productId),
  );
}

/** Recomputes `in_stock` of the products whose stock changed. */
async function refreshInStock(db: Database, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = uuidList(productIds);
  await db.execute(
    sql`UPDATE products p SET in_stock = CASE WHEN jsonb_array_length(p.variants) = 0 THEN p.stock > 0
          ELSE EXISTS (SELECT 1 FROM product_variant_paths v WHERE v.product_id = p.id AND v.stock > 0) END
        WHERE p.id IN (${ids})`,
  );
}

/**
 * Takes the units of every line. Answers the lines that could not be taken (not enough stock, or a
 * variant path the product no longer has); when it answers any, the caller must abandon its
 * transaction: the lines taken before it are taken in that transaction only. One statement per
 * line, which also keeps the product's `in_stock` true to its stock — writing the product row only
 * when that flag changes, so buyers of different variants of one product do not queue on it.
 */
export async function takeStock(db: Database, lines: readonly StockLine[]): Promise<StockLine[]> {
  const short: StockLine[] = [];
  for (const line of merged(lines)) {
    const [taken] = line.variantPath
      ? await queryRows<{ stock: number }>(
          db,
          sql`WITH taken AS (
                UPDATE product_variant_paths SET stock = stock - ${line.quantity}
                WHERE product_id = ${line.productId}::uuid AND path = ${line.variantPath} AND stock >= ${line.quantity}
                RETURNING product_id, path, stock),
              flag AS (
                UPDATE products p SET in_stock = in_stock_now
                FROM (SELECT t.product_id, t.stock > 0 OR EXISTS (
                        SELECT 1 FROM product_variant_paths v WHERE v.product_id = t.product_id AND v.path <> t.path AND v.stock > 0
                      ) AS in_stock_now FROM taken t) now
                WHERE p.id = now.product_id AND p.in_stock IS DISTINCT FROM now.in_stock_now)
              SELECT stock FROM taken`,
        )
      : await queryRows<{ stock: number }>(
          db,
          sql`UPDATE products SET stock = stock - ${line.quantity}, in_stock = stock - ${line.quantity} > 0
              WHERE id = ${line.productId}::uuid AND jsonb_array_length(variants) = 0 AND stock >= ${line.quantity} RETURNING stock`,
        );
    if (!taken) short.push(line);
  }
  return short;
}

/**
 * Gives the units of every line back (a cancelled order); a product or path deleted since is skipped.
 * Stock that was sold out and is back records `product.back_in_stock`, once per product, in the
 * caller's transaction.
 */
export async function returnStock(db: Database, lines: readonly StockLine[]): Promise<void> {
  const lineList = merged(lines);
  const back = new Map<string, string[]>();
  for (const line of lineList) {
    const [returned] = line.variantPath
      ? await queryRows<{ stock: number }>(
          db,
          sql`UPDATE product_variant_paths SET stock = stock + ${line.quantity}
              WHERE product_id = ${line.productId}::uuid AND path = ${line.variantPath} RETURNING stock`,
        )
      : await queryRows<{ stock: number }>(
          db,
          sql`UPDATE products SET stock = stock + ${line.quantity} WHERE id = ${line.productId}::uuid RETURNING stock`,
        );
    if (returned && line.quantity > 0 && returned.stock - line.quantity <= 0 && returned.stock > 0) {
      back.set(line.productId, [...(back.get(line.productId) ?? []), line.variantPath]);
    }
  }
  await refreshInStock(db, [...new Set(lineList.map((line) => line.productId))]);
  for (const [productId, variantPaths] of back) {
    await recordEvent(db, { type: 'product.back_in_stock', subject: productId, payload: { variantPaths } });
  }
}
