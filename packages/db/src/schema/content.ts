/** Home page content: banners, popups, product groups and image pages. */
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { categories } from './catalogue';

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
