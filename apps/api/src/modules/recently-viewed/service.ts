/**
 * Recently viewed products (rules: api.md `/product/recently_viewed`): each product view is remembered
 * per visitor cookie, or per signed-in user, newest first; this module is the one writer of
 * `recently_viewed`. The products themselves come from the catalogue's service.
 */
import { sql, queryRows, type Database, type Transaction } from '@kedai/db';
import type { ProductSummary } from '@kedai/contract';
import { productSummariesByIds } from '../catalogue/service';

/** How many products a visitor's history keeps. */
const RECENTLY_VIEWED_KEEP = 30;

/**
 * The key of a signed-in user's history in `recently_viewed.visitor_id`. Visitor ids are bare
 * uuids (platform/visitor.ts), so the `user:` prefix cannot collide with them; one table and one
 * set of queries then serve both, and a visitor's rows move to the user on sign-in
 * (`mergeVisitorViews`). No foreign key to users: accounts are not deleted, and the history trims
 * itself to RECENTLY_VIEWED_KEEP rows per key.
 */
export function userViewerKey(userId: string): string {
  return `user:${userId}`;
}

/** Remembers a product view, newest first, keeping the last few per visitor (or `userViewerKey`). */
export async function recordView(db: Database, visitorId: string, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO recently_viewed (visitor_id, product_id, viewed_at) VALUES (${visitorId}, ${productId}::uuid, now())
      ON CONFLICT (visitor_id, product_id) DO UPDATE SET viewed_at = excluded.viewed_at`);
    await trimViews(tx, visitorId);
  });
}

/** Keeps the newest RECENTLY_VIEWED_KEEP views of one visitor or user. */
async function trimViews(tx: Transaction, key: string): Promise<void> {
  await tx.execute(sql`
    DELETE FROM recently_viewed WHERE visitor_id = ${key} AND product_id NOT IN (
      SELECT product_id FROM recently_viewed WHERE visitor_id = ${key}
      ORDER BY viewed_at DESC LIMIT ${RECENTLY_VIEWED_KEEP})`);
}

/**
 * Moves a visitor's history to a signed-in user (on their first `GET /product/recently_viewed`
 * after signing in): a product in both keeps the newer view; the visitor's rows are dropped.
 */
export async function mergeVisitorViews(db: Database, visitorId: string, userKey: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      WITH moved AS (DELETE FROM recently_viewed WHERE visitor_id = ${visitorId} RETURNING product_id, viewed_at)
      INSERT INTO recently_viewed (visitor_id, product_id, viewed_at)
      SELECT ${userKey}, product_id, viewed_at FROM moved
      ON CONFLICT (visitor_id, product_id) DO UPDATE SET viewed_at = GREATEST(recently_viewed.viewed_at, excluded.viewed_at)`);
    await trimViews(tx, userKey);
  });
}

export async function recentlyViewed(db: Database, visitorId: string | undefined, limit = 12): Promise<ProductSummary[]> {
  if (!visitorId) return [];
  const viewed = await queryRows<{ product_id: string }>(
    db,
    sql`SELECT product_id FROM recently_viewed WHERE visitor_id = ${visitorId}
        ORDER BY viewed_at DESC, product_id LIMIT ${RECENTLY_VIEWED_KEEP}`,
  );
  return (
    await productSummariesByIds(
      db,
      viewed.map((v) => v.product_id),
    )
  ).slice(0, limit);
}
