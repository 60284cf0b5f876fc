/** Quotation items and the marketplace products they may be about (modules/quotations). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * A product on another marketplace, as read from its page (`POST /product/searchExternal`) or as a
 * shopper described it by hand (`POST /quotation/request` from 'r'). Read once and kept: the
 * quotation items that name it, and staff answering them, see what the shopper saw even when the
 * page changes later. `price` is the marketplace's decimal text as found ('129.90'), kept with its
 * currency; staff turn it into the answer's `basePrice`.
 */
export const externalProducts = pgTable(
  'external_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The link as the shopper gave it (trimmed). */
    link: text('link').notNull(),
    /** The page the product was read from, after redirects; the link itself for one described by hand. */
    url: text('url').notNull(),
    /** 'page': read from the page's structured data; 'manual': described by the shopper. */
    origin: text('origin', { enum: ['page', 'manual'] }).notNull(),
    sourceMarketPlace: text('source_market_place').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    price: text('price'),
    currency: text('currency'),
    availability: text('availability', { enum: ['in_stock', 'out_of_stock', 'preorder', 'unknown'] })
      .notNull()
      .default('unknown'),
    brand: text('brand'),
    /** Who asked for it first: a shopper may only quote what they read or described themselves. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // "What this shopper read from this link lately": a second search of one link reuses the reading.
    index('external_products_user_link_idx').on(t.userId, t.link, t.createdAt),
  ],
);

/**
 * A shopper's request for a quotation (rules: entities.md "Quotation item", issue 15): one of the shop's
 * products (`product_source` 'i', with `product_id` and `variant_path`) or a marketplace product
 * ('e', with `external_product_id`). Staff answer a pending item ('p') with a quote ('r', the
 * prices in `status_data`) or a reason ('d'); `version` makes two answers at once a conflict
 * rather than a silent overwrite. The shop's product may be deleted later: `product_id` then
 * becomes null and the item cannot be checked out (states.md).
 */
export const quotationItems = pgTable(
  'quotation_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productSource: text('product_source', { enum: ['i', 'e'] }).notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Slash-separated option indexes; '' for a product without variants and for marketplace products. */
    variantPath: text('variant_path').notNull().default(''),
    externalProductId: uuid('external_product_id').references(() => externalProducts.id, { onDelete: 'cascade' }),
    /** The product's name when asked, so the item still reads well when the product is gone. */
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    instructions: text('instructions').notNull().default(''),
    status: text('status', { enum: ['p', 'r', 'd'] })
      .notNull()
      .default('p'),
    /** The answer's prices when resolved: `{quotedPrice: {region: minor units}, basePrice, basePriceCurrency}`. */
    statusData: jsonb('status_data').$type<{
      quotedPrice: Record<string, number>;
      basePrice: number | null;
      basePriceCurrency: string | null;
    }>(),
    declineReason: text('decline_reason'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    /** The order that bought it: consumed items leave the list, and come back if that order is cancelled. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quotation_items_user_idx').on(t.userId, t.createdAt),
    // The back office's queue: newest first, by status.
    index('quotation_items_queue_idx').on(t.status, t.createdAt),
    check('quotation_items_quantity_check', sql`${t.quantity} BETWEEN 1 AND 999`),
    check(
      'quotation_items_source_check',
      sql`(${t.productSource} = 'e' AND ${t.externalProductId} IS NOT NULL AND ${t.productId} IS NULL) OR (${t.productSource} = 'i' AND ${t.externalProductId} IS NULL)`,
    ),
    check(
      'quotation_items_answer_check',
      sql`(${t.status} = 'r' AND ${t.statusData} IS NOT NULL) OR (${t.status} = 'd' AND ${t.declineReason} IS NOT NULL) OR ${t.status} = 'p'`,
    ),
  ],
);
