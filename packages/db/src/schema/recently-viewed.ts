/** Products a visitor or a signed-in user viewed (modules/recently-viewed). */
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue';

export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    /** Anonymous visitor id from the visitor cookie, or `user:<uuid>` for a signed-in user (recently-viewed userViewerKey). */
    visitorId: text('visitor_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.visitorId, t.productId] }), index('recently_viewed_visitor_idx').on(t.visitorId, t.viewedAt.desc())],
);
