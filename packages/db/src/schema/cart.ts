/** Cart lines (modules/cart). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * Cart lines (rules: entities.md "Cart item", issue 6). One line per user, product and variant path: the
 * unique key lets concurrent adds of the same line merge (`INSERT … ON CONFLICT DO UPDATE`) instead
 * of making two. The quantity bound mirrors CART_QUANTITY_MAX of packages/domain; the line's type
 * is not stored, it follows from the product.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Slash-separated option indexes; '' for a product without variants. */
    variantPath: text('variant_path').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** Note to the seller; '' when none. */
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Also serves "the user's lines, oldest first" (user_id prefix) and the per-user line count.
    uniqueIndex('cart_items_line_idx').on(t.userId, t.productId, t.variantPath),
    index('cart_items_user_idx').on(t.userId, t.createdAt),
    check('cart_items_quantity_check', sql`${t.quantity} BETWEEN 1 AND 999`),
  ],
);
