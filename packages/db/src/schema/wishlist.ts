/** Wishlist entries (modules/wishlist). */
import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { createdAt } from './columns';
import { users } from './users';

/** Wishlists (rules: api.md `/wishlist`): one row per user and product, newest first. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_user_idx').on(t.userId, t.createdAt.desc())],
);
