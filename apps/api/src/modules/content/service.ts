import { AppError, isUuid, toUnixSeconds } from '@kedai/domain';
import { and, asc, eq, schema, type Database } from '@kedai/db';
import type { HomeProductGroup } from '@kedai/contract';
import { newestInCategory, productSummariesByIds } from '../catalogue/service';

const DEFAULT_GROUP_LIMIT = 12;

export async function listBanners(db: Database) {
  const t = schema.banners;
  const rows = await db.select().from(t).where(eq(t.enabled, true)).orderBy(asc(t.sortOrder), asc(t.id));
  return rows.map(({ id, title, image, link }) => ({ id, title, image, link }));
}

export async function listPopups(db: Database) {
  const t = schema.popups;
  const rows = await db.select().from(t).where(eq(t.enabled, true)).orderBy(asc(t.sortOrder), asc(t.id));
  return rows.map(({ id, name, link, image }) => ({ id, name, link, image }));
}

export async function listHomeGroups(db: Database): Promise<HomeProductGroup[]> {
  const t = schema.homeProductGroups;
  const groups = await db.select().from(t).where(eq(t.enabled, true)).orderBy(asc(t.sortOrder), asc(t.id));
  return Promise.all(
    groups.map(async (group) => {
      const products = group.categoryId
        ? (await newestInCategory(db, group.categoryId, group.productLimit)).products
        : (await productSummariesByIds(db, group.productIds)).slice(0, group.productLimit);
      return { id: group.id, name: group.name, categoryId: group.categoryId, products };
    }),
  );
}

/** A group made on the fly from one category: what a category's home strip shows. */
export async function homeGroupByCategory(db: Database, categoryIdOrPath: string, limit = DEFAULT_GROUP_LIMIT): Promise<HomeProductGroup> {
  const { category, products } = await newestInCategory(db, categoryIdOrPath, limit);
  return { id: category.id, name: category.name, categoryId: category.id, products };
}

export async function findImagePage(db: Database, idOrSlug: string) {
  const t = schema.imagePages;
  const [page] = await db
    .select()
    .from(t)
    .where(and(eq(t.enabled, true), isUuid(idOrSlug) ? eq(t.id, idOrSlug.toLowerCase()) : eq(t.slug, idOrSlug)))
    .limit(1);
  if (!page) throw new AppError('image_page/not_found', [idOrSlug]);
  return {
    id: page.id,
    slug: page.slug,
    title: page.title,
    blocks: page.blocks.map((block) => ({ image: block.image, alt: block.alt, link: block.link ?? null })),
  };
}

/** A text page by slug (`general/not_found` when there is none); `updatedAt` in unix seconds. */
export async function findTextPage(db: Database, slug: string) {
  const t = schema.textPages;
  const [page] = await db.select().from(t).where(eq(t.slug, slug)).limit(1);
  if (!page) throw new AppError('general/not_found', [slug]);
  return { slug: page.slug, title: page.title, body: page.body, updatedAt: toUnixSeconds(page.updatedAt) };
}
