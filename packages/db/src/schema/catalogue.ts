/** The catalogue: categories, merchants, products and what is derived from them (variant paths, price ranges per region). Written by the seed and, later, the back office. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, bigserial, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ProductVariant } from '@kedai/domain';
import { createdAt, tsvector, updatedAt, xid8 } from './columns';

/** Region key -> amount in minor units of that region's currency. */
export type RegionPrices = Record<string, number>;

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    /** Dot-joined keys from the root, e.g. `electronics.laptops`. */
    path: text('path').notNull(),
    image: text('image'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_path_idx').on(t.path), index('categories_parent_idx').on(t.parentId)],
);

export const merchants = pgTable('merchants', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  logo: text('logo'),
  countryCode: text('country_code').notNull(),
  createdAt: createdAt(),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paramName: text('param_name').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Extra search words (brand, category names) kept beside the name. */
    keywords: text('keywords').notNull().default(''),
    categoryId: uuid('category_id').references(() => categories.id),
    merchantId: uuid('merchant_id').references(() => merchants.id),
    price: jsonb('price').$type<RegionPrices>().notNull(),
    variants: jsonb('variants').$type<ProductVariant[]>().notNull().default([]),
    /** Stock of a product without variants; with variants the variant paths hold the stock. */
    stock: integer('stock').notNull().default(0),
    mainImage: text('main_image'),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sourceMarketPlace: text('source_market_place'),
    sourceUrl: text('source_url'),
    disabled: boolean('disabled').notNull().default(false),
    /** Shipping weight in grams. */
    weight: integer('weight').notNull().default(0),
    /**
     * Bumped by every back-office edit of the product (not by stock changes, which orders make too):
     * an edit made from an older version is refused, so two staff never overwrite each other.
     */
    version: integer('version').notNull().default(1),
    /** Derived on every write: whether any unit can be bought. Kept for the in-stock filter. */
    inStock: boolean('in_stock').notNull().default(false),
    /**
     * Each field's words, and the joined form of its hyphenated words ("t-shirt" is also "tshirt":
     * `search_joined_words`, migration 0023; the rule is `spellingVariants` in @kedai/domain).
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', name || ' ' || search_joined_words(name)), 'A') || setweight(to_tsvector('english', keywords || ' ' || search_joined_words(keywords)), 'B') || setweight(to_tsvector('english', description || ' ' || search_joined_words(description)), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_search_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('products_category_idx').on(t.categoryId),
    index('products_merchant_idx').on(t.merchantId),
    index('products_newest_idx').on(t.createdAt.desc(), t.id),
    // The back office's list: recently changed first, or by name.
    index('products_updated_idx').on(t.updatedAt.desc(), t.id),
    index('products_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    index('products_param_name_trgm_idx').using('gin', sql`${t.paramName} gin_trgm_ops`),
  ],
);

export const productVariantPaths = pgTable(
  'product_variant_paths',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Slash-separated option indexes, one per variant: `0/2`. */
    path: text('path').notNull(),
    price: jsonb('price').$type<RegionPrices>().notNull(),
    stock: integer('stock').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.path] })],
);

/** One row per product and region: the lowest and highest price, for price filters and sorting. */
export const productRegionPrices = pgTable(
  'product_region_prices',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    regionKey: text('region_key').notNull(),
    // bigint: IDR prices in minor units pass 2^31 from about SGD 1,800.
    minPrice: bigint('min_price', { mode: 'number' }).notNull(),
    maxPrice: bigint('max_price', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.regionKey] }),
    index('product_region_prices_sort_idx').on(t.regionKey, t.minPrice, t.productId),
  ],
);

/**
 * Which products changed, written by triggers (migration 0017) whatever wrote them: the back office,
 * orders taking stock, the seed, a hand-written UPDATE. Each API process's in-memory search index
 * reads it before answering, so it answers what the database holds (modules/catalogue/search-index).
 * `xid` is the writing transaction: a reader takes the rows of every transaction that may have
 * committed since it last looked (see `follow.ts`). A null product means "reload everything".
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    productId: uuid('product_id'),
    at: createdAt(),
  },
  (t) => [index('catalogue_changes_xid_idx').on(t.xid), index('catalogue_changes_at_idx').on(t.at)],
);
