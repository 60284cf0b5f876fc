/** Content (modules/content): banners, popups, home product groups, image pages and text pages. */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { categories } from './catalogue';
import { updatedAt } from './columns';

export const banners = pgTable('banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  link: text('link'),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const popups = pgTable('popups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  link: text('link'),
  image: text('image'),
  enabled: boolean('enabled').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const homeProductGroups = pgTable('home_product_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** A group either lists products by hand or follows a category (its whole subtree). */
  categoryId: uuid('category_id').references(() => categories.id),
  productIds: uuid('product_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  productLimit: integer('product_limit').notNull().default(12),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export interface ImagePageBlock {
  image: string;
  alt: string;
  link?: string | null;
}

export const imagePages = pgTable('image_pages', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  blocks: jsonb('blocks').$type<ImagePageBlock[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

/**
 * The shop's text pages (shipping, returns, privacy, terms; issue 13): a title and a Markdown body
 * (decision 0012), addressed by slug. `updated_at` is the "last updated" date the page shows; staff
 * edit them in the back office once it exists, and the seed never overwrites an edited page.
 */
export const textPages = pgTable(
  'text_pages',
  {
    slug: text('slug').primaryKey(),
    title: text('title').notNull(),
    /** Markdown without raw HTML (it is not rendered). */
    body: text('body').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('text_pages_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(${t.slug}) <= 64`),
    check('text_pages_title_check', sql`length(${t.title}) BETWEEN 1 AND 200`),
  ],
);
