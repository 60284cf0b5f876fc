/**
 * The back office's categories (issue 14): create, rename, move and delete an empty one. A
 * category's path is the keys from the root, so moving or re-keying one rewrites its whole
 * subtree's paths in the same transaction; products keep their category by id.
 */
import { AppError, validateCategoryDraft } from '@kedai/domain';
import { eq, queryRows, schema, sql, type Database } from '@kedai/db';
import type { AdminCategoryInput, Category } from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { invalidate } from '../../platform/cache';
import { isUniqueViolation } from '../../platform/db-errors';
import { findCategory } from './categories';

const { categories, products, homeProductGroups } = schema;

function draftOf(input: AdminCategoryInput) {
  const result = validateCategoryDraft(input);
  if (!result.ok) throw new AppError(result.problems[0]!.errorCode, result.problems);
  return result.value;
}

const keyTaken = () => new AppError('category/key_taken', [{ field: 'key', errorCode: 'category/key_taken' }]);
const badParent = () => new AppError('category/invalid_parent', [{ field: 'parentId', errorCode: 'category/invalid_parent' }]);

/** The path of a child `key` of `parentId` (or a top-level one), refusing an unknown parent. */
async function pathUnder(tx: Database, parentId: string | null, key: string): Promise<string> {
  if (parentId === null) return key;
  const [parent] = await tx.select({ path: categories.path }).from(categories).where(eq(categories.id, parentId));
  if (!parent) throw badParent();
  return `${parent.path}.${key}`;
}

async function saved(db: Database, id: string): Promise<{ category: Category }> {
  invalidate(db);
  return { category: await findCategory(db, id) };
}

/** `POST /admin/category`. */
export async function createCategory(db: Database, actorId: string, input: AdminCategoryInput): Promise<{ category: Category }> {
  const draft = draftOf(input);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const path = await pathUnder(tx, draft.parentId, draft.key);
      const [row] = await tx
        .insert(categories)
        .values({ ...draft, path })
        .returning();
      await recordAudit(tx, { actorId, action: 'category.create', objectType: 'category', objectId: row!.id, before: null, after: row });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw keyTaken();
    throw error;
  }
  return saved(db, id);
}

/** `PUT /admin/category/{id}`: rename, re-key, move (never under itself or its own subtree) and reorder. */
export async function updateCategory(
  db: Database,
  actorId: string,
  id: string,
  input: AdminCategoryInput,
): Promise<{ category: Category }> {
  const draft = draftOf(input);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!current) throw new AppError('category/not_found', [id]);
      const path = await pathUnder(tx, draft.parentId, draft.key);
      if (path === current.path || path.startsWith(`${current.path}.`)) {
        if (draft.parentId !== current.parentId || draft.key !== current.key) throw badParent();
      }
      // An edit that does not say where among its siblings the category goes keeps its place.
      const sortOrder = input.sortOrder === undefined ? current.sortOrder : draft.sortOrder;
      await tx
        .update(categories)
        .set({ ...draft, sortOrder, path })
        .where(eq(categories.id, id));
      if (path !== current.path) {
        // The subtree follows: `old.x.y` becomes `new.x.y`.
        await queryRows(
          tx,
          sql`UPDATE categories SET path = ${path} || substr(path, ${current.path.length + 1})
              WHERE path LIKE ${`${current.path.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`}`,
        );
      }
      await recordAudit(tx, {
        actorId,
        action: 'category.update',
        objectType: 'category',
        objectId: id,
        before: current,
        after: { ...draft, path },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw keyTaken();
    throw error;
  }
  return saved(db, id);
}

/** `DELETE /admin/category/{id}`: only a category with no subcategories and no products that no home page group shows. */
export async function deleteCategory(db: Database, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!current) throw new AppError('category/not_found', [id]);
    const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.categoryId, id)).limit(1);
    if (child || product) throw new AppError('category/not_empty');
    // A home page group following it would lose its products (and keeps it by a foreign key).
    const [group] = await tx
      .select({ id: homeProductGroups.id })
      .from(homeProductGroups)
      .where(eq(homeProductGroups.categoryId, id))
      .limit(1);
    if (group) throw new AppError('category/in_home_group');
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, { actorId, action: 'category.delete', objectType: 'category', objectId: id, before: current, after: null });
  });
  invalidate(db);
}
