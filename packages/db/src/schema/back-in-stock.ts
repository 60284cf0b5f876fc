/** "Tell me when it is back" requests (modules/back-in-stock). */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A signed-in shopper's wish to be e-mailed when a sold-out product, or one sold-out variant path of
 * it, can be bought again (issue 13). One row per user, product and variant path ('' for the product
 * as a whole): asking again keeps one row. `notified_at` is set by the job that sends the mail, in
 * the same conditional update that claims the row, so each request is mailed once even when several
 * API processes run the job; asking again after the mail clears it.
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Slash-separated option indexes; '' for a product without variants (or the product as a whole). */
    variantPath: text('variant_path').notNull().default(''),
    createdAt: createdAt(),
    /** When the "back in stock" mail was queued; null while the shopper is still waiting. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('back_in_stock_requests_line_idx').on(t.userId, t.productId, t.variantPath),
    // The job's scan: the requests still waiting, by product.
    index('back_in_stock_requests_waiting_idx')
      .on(t.productId, t.variantPath)
      .where(sql`${t.notifiedAt} IS NULL`),
  ],
);
