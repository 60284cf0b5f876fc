/**
 * The back office's home page content (issue 14): banners, popups, home product groups and image
 * pages. Staff list every one (disabled too), create, edit, reorder (by `sortOrder`), enable or
 * disable and delete them; the storefront's lists (`service.ts`) show only the enabled ones. Each
 * write is checked by the domain's rules first, is audited in its transaction, and drops the
 * caches so the home page shows it at once.
 */
import {
  AppError,
  validateBannerDraft,
  validateHomeGroupDraft,
  validateImagePageDraft,
  validatePopupDraft,
  type ErrorCode,
  type FieldProblem,
} from '@kedai/domain';
import { asc, eq, inArray, schema, sql, type Database } from '@kedai/db';
import type {
  AdminBanner,
  AdminBannerInput,
  AdminHomeGroup,
  AdminHomeGroupInput,
  AdminImagePage,
  AdminImagePageInput,
  AdminPopup,
  AdminPopupInput,
} from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { invalidate } from '../../platform/cache';
import { isUniqueViolation } from '../../platform/db-errors';

const { banners, popups, homeProductGroups, imagePages, categories, products } = schema;

/** The value of a draft that passed, or a 400 with the first problem's code and every problem. */
function checked<T, F extends string>(result: { ok: true; value: T } | { ok: false; problems: FieldProblem<F>[] }): T {
  if (!result.ok) throw new AppError(result.problems[0]!.errorCode, result.problems);
  return result.value;
}

const refused = (field: string, errorCode: ErrorCode) => new AppError(errorCode, [{ field, errorCode }]);

/** After a write: the caches go (this process at once, the others told), so the storefront shows it. */
function changed<T>(db: Database, answer: T): T {
  invalidate(db);
  return answer;
}

/**
 * The `sortOrder` and `enabled` a write saves: what the input says, else, for an edit, what the
 * item had, and for a new item, last in the list and shown.
 */
function placement(
  input: { sortOrder?: unknown; enabled?: unknown },
  draft: { sortOrder: number; enabled: boolean },
  current: { sortOrder: number; enabled: boolean } | null,
  next: number,
) {
  return {
    sortOrder: input.sortOrder === undefined ? (current ? current.sortOrder : next) : draft.sortOrder,
    enabled: input.enabled === undefined ? (current ? current.enabled : true) : draft.enabled,
  };
}

/** The place after the last one of an ordered table. */
async function nextPlace(tx: Database, table: typeof banners | typeof popups | typeof homeProductGroups) {
  const [row] = await tx.select({ last: sql<number | null>`max(${table.sortOrder})` }).from(table);
  const last = row?.last === null || row?.last === undefined ? -1 : Number(row.last);
  return Math.min(last + 1, 100_000);
}

// ——— Banners ———

const bannerOf = (row: typeof banners.$inferSelect): AdminBanner => ({
  id: row.id,
  title: row.title,
  image: row.image,
  link: row.link,
  sortOrder: row.sortOrder,
  enabled: row.enabled,
});

/** `GET /admin/banner`: every banner, disabled too, in the order the home page shows them. */
export async function listBannersForStaff(db: Database): Promise<{ banners: AdminBanner[] }> {
  const rows = await db.select().from(banners).orderBy(asc(banners.sortOrder), asc(banners.id));
  return { banners: rows.map(bannerOf) };
}

/** `POST /admin/banner`. */
export async function createBanner(db: Database, actorId: string, input: AdminBannerInput): Promise<{ banner: AdminBanner }> {
  const draft = checked(validateBannerDraft(input));
  const row = await db.transaction(async (tx) => {
    const values = { ...draft, ...placement(input, draft, null, await nextPlace(tx, banners)) };
    const [created] = await tx.insert(banners).values(values).returning();
    await recordAudit(tx, { actorId, action: 'banner.create', objectType: 'banner', objectId: created!.id, before: null, after: created });
    return created!;
  });
  return changed(db, { banner: bannerOf(row) });
}

/** `PUT /admin/banner/{id}`. */
export async function updateBanner(db: Database, actorId: string, id: string, input: AdminBannerInput): Promise<{ banner: AdminBanner }> {
  const draft = checked(validateBannerDraft(input));
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!current) throw new AppError('banner/not_found', [id]);
    const values = { ...draft, ...placement(input, draft, current, 0) };
    const [updated] = await tx.update(banners).set(values).where(eq(banners.id, id)).returning();
    await recordAudit(tx, { actorId, action: 'banner.update', objectType: 'banner', objectId: id, before: current, after: updated });
    return updated!;
  });
  return changed(db, { banner: bannerOf(row) });
}

/** `DELETE /admin/banner/{id}`. */
export async function deleteBanner(db: Database, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!current) throw new AppError('banner/not_found', [id]);
    await recordAudit(tx, { actorId, action: 'banner.delete', objectType: 'banner', objectId: id, before: current, after: null });
  });
  changed(db, null);
}

// ——— Popups ———

const popupOf = (row: typeof popups.$inferSelect): AdminPopup => ({
  id: row.id,
  name: row.name,
  image: row.image,
  link: row.link,
  sortOrder: row.sortOrder,
  enabled: row.enabled,
});

/** `GET /admin/popup`: every popup, disabled too, in order. */
export async function listPopupsForStaff(db: Database): Promise<{ popups: AdminPopup[] }> {
  const rows = await db.select().from(popups).orderBy(asc(popups.sortOrder), asc(popups.id));
  return { popups: rows.map(popupOf) };
}

/** `POST /admin/popup`. */
export async function createPopup(db: Database, actorId: string, input: AdminPopupInput): Promise<{ popup: AdminPopup }> {
  const draft = checked(validatePopupDraft(input));
  const row = await db.transaction(async (tx) => {
    const values = { ...draft, ...placement(input, draft, null, await nextPlace(tx, popups)) };
    const [created] = await tx.insert(popups).values(values).returning();
    await recordAudit(tx, { actorId, action: 'popup.create', objectType: 'popup', objectId: created!.id, before: null, after: created });
    return created!;
  });
  return changed(db, { popup: popupOf(row) });
}

/** `PUT /admin/popup/{id}`. */
export async function updatePopup(db: Database, actorId: string, id: string, input: AdminPopupInput): Promise<{ popup: AdminPopup }> {
  const draft = checked(validatePopupDraft(input));
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(popups).where(eq(popups.id, id)).for('update');
    if (!current) throw new AppError('popup/not_found', [id]);
    const values = { ...draft, ...placement(input, draft, current, 0) };
    const [updated] = await tx.update(popups).set(values).where(eq(popups.id, id)).returning();
    await recordAudit(tx, { actorId, action: 'popup.update', objectType: 'popup', objectId: id, before: current, after: updated });
    return updated!;
  });
  return changed(db, { popup: popupOf(row) });
}

/** `DELETE /admin/popup/{id}`. */
export async function deletePopup(db: Database, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.delete(popups).where(eq(popups.id, id)).returning();
    if (!current) throw new AppError('popup/not_found', [id]);
    await recordAudit(tx, { actorId, action: 'popup.delete', objectType: 'popup', objectId: id, before: current, after: null });
  });
  changed(db, null);
}

// ——— Home product groups ———

const groupOf = (row: typeof homeProductGroups.$inferSelect): AdminHomeGroup => ({
  id: row.id,
  name: row.name,
  categoryId: row.categoryId,
  productIds: row.productIds,
  productLimit: row.productLimit,
  sortOrder: row.sortOrder,
  enabled: row.enabled,
});

/** A group's category and products exist (checked in the write's transaction). */
async function checkGroupSource(tx: Database, draft: { categoryId: string | null; productIds: string[] }): Promise<void> {
  if (draft.categoryId !== null) {
    const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, draft.categoryId));
    if (!category) throw refused('categoryId', 'home_group/unknown_category');
  }
  if (draft.productIds.length > 0) {
    const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, draft.productIds));
    if (found.length !== draft.productIds.length) throw refused('productIds', 'home_group/unknown_products');
  }
}

/** `GET /admin/home_product_group`: every group, disabled too, in order. */
export async function listHomeGroupsForStaff(db: Database): Promise<{ groups: AdminHomeGroup[] }> {
  const rows = await db.select().from(homeProductGroups).orderBy(asc(homeProductGroups.sortOrder), asc(homeProductGroups.id));
  return { groups: rows.map(groupOf) };
}

/** `POST /admin/home_product_group`. */
export async function createHomeGroup(db: Database, actorId: string, input: AdminHomeGroupInput): Promise<{ group: AdminHomeGroup }> {
  const draft = checked(validateHomeGroupDraft(input));
  const row = await db.transaction(async (tx) => {
    await checkGroupSource(tx, draft);
    const values = { ...draft, ...placement(input, draft, null, await nextPlace(tx, homeProductGroups)) };
    const [created] = await tx.insert(homeProductGroups).values(values).returning();
    await recordAudit(tx, {
      actorId,
      action: 'home_product_group.create',
      objectType: 'home_product_group',
      objectId: created!.id,
      before: null,
      after: created,
    });
    return created!;
  });
  return changed(db, { group: groupOf(row) });
}

/** `PUT /admin/home_product_group/{id}`. */
export async function updateHomeGroup(
  db: Database,
  actorId: string,
  id: string,
  input: AdminHomeGroupInput,
): Promise<{ group: AdminHomeGroup }> {
  const draft = checked(validateHomeGroupDraft(input));
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(homeProductGroups).where(eq(homeProductGroups.id, id)).for('update');
    if (!current) throw new AppError('home_group/not_found', [id]);
    await checkGroupSource(tx, draft);
    const values = { ...draft, ...placement(input, draft, current, 0) };
    const [updated] = await tx.update(homeProductGroups).set(values).where(eq(homeProductGroups.id, id)).returning();
    await recordAudit(tx, {
      actorId,
      action: 'home_product_group.update',
      objectType: 'home_product_group',
      objectId: id,
      before: current,
      after: updated,
    });
    return updated!;
  });
  return changed(db, { group: groupOf(row) });
}

/** `DELETE /admin/home_product_group/{id}`. */
export async function deleteHomeGroup(db: Database, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.delete(homeProductGroups).where(eq(homeProductGroups.id, id)).returning();
    if (!current) throw new AppError('home_group/not_found', [id]);
    await recordAudit(tx, {
      actorId,
      action: 'home_product_group.delete',
      objectType: 'home_product_group',
      objectId: id,
      before: current,
      after: null,
    });
  });
  changed(db, null);
}

// ——— Image pages ———

const imagePageOf = (row: typeof imagePages.$inferSelect): AdminImagePage => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  blocks: row.blocks.map((block) => ({ image: block.image, alt: block.alt, link: block.link ?? null })),
  enabled: row.enabled,
});

const slugTaken = () => refused('slug', 'image_page/slug_taken');

/** `GET /admin/image_page`: every image page, disabled too, by title. */
export async function listImagePagesForStaff(db: Database): Promise<{ imagePages: AdminImagePage[] }> {
  const rows = await db.select().from(imagePages).orderBy(asc(imagePages.title), asc(imagePages.id));
  return { imagePages: rows.map(imagePageOf) };
}

/** `POST /admin/image_page`. */
export async function createImagePage(db: Database, actorId: string, input: AdminImagePageInput): Promise<{ imagePage: AdminImagePage }> {
  const draft = checked(validateImagePageDraft(input));
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx.insert(imagePages).values(draft).returning();
      await recordAudit(tx, {
        actorId,
        action: 'image_page.create',
        objectType: 'image_page',
        objectId: created!.id,
        before: null,
        after: created,
      });
      return created!;
    });
    return changed(db, { imagePage: imagePageOf(row) });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** `PUT /admin/image_page/{id}`: an edit that does not say `enabled` keeps it. */
export async function updateImagePage(
  db: Database,
  actorId: string,
  id: string,
  input: AdminImagePageInput,
): Promise<{ imagePage: AdminImagePage }> {
  const draft = checked(validateImagePageDraft(input));
  try {
    const row = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(imagePages).where(eq(imagePages.id, id)).for('update');
      if (!current) throw new AppError('image_page/not_found', [id]);
      const values = { ...draft, enabled: input.enabled === undefined ? current.enabled : draft.enabled };
      const [updated] = await tx.update(imagePages).set(values).where(eq(imagePages.id, id)).returning();
      await recordAudit(tx, {
        actorId,
        action: 'image_page.update',
        objectType: 'image_page',
        objectId: id,
        before: current,
        after: updated,
      });
      return updated!;
    });
    return changed(db, { imagePage: imagePageOf(row) });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** `DELETE /admin/image_page/{id}`. */
export async function deleteImagePage(db: Database, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.delete(imagePages).where(eq(imagePages.id, id)).returning();
    if (!current) throw new AppError('image_page/not_found', [id]);
    await recordAudit(tx, { actorId, action: 'image_page.delete', objectType: 'image_page', objectId: id, before: current, after: null });
  });
  changed(db, null);
}
