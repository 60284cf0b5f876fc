import { AppError, isUuid } from '@kedai/domain';
import { asc, schema, type Database } from '@kedai/db';
import type { Category } from '@kedai/contract';
import { cached } from '../../platform/cache';

export interface CategoryTree {
  /** Every category in display order: parents before children, siblings by sort order. */
  list: Category[];
  byId: Map<string, Category>;
  byPath: Map<string, Category>;
}

export function categoryTree(db: Database): Promise<CategoryTree> {
  return cached(db, 'categories', async (reader) => {
    const rows = await reader.select().from(schema.categories).orderBy(asc(schema.categories.sortOrder), asc(schema.categories.name));
    const childrenOf = new Map<string | null, typeof rows>();
    for (const row of rows) {
      const siblings = childrenOf.get(row.parentId) ?? [];
      siblings.push(row);
      childrenOf.set(row.parentId, siblings);
    }
    const list: Category[] = [];
    const visit = (parentId: string | null) => {
      for (const row of childrenOf.get(parentId) ?? []) {
        list.push({
          id: row.id,
          key: row.key,
          name: row.name,
          path: row.path,
          parent: row.parentId,
          children: (childrenOf.get(row.id) ?? []).map((child) => child.id),
          image: row.image,
        });
        visit(row.id);
      }
    };
    visit(null);
    return {
      list,
      byId: new Map(list.map((c) => [c.id, c])),
      byPath: new Map(list.map((c) => [c.path, c])),
    };
  });
}

/** A category by id or dot-joined path; unknown ones are a 404. */
export async function findCategory(db: Database, idOrPath: string): Promise<Category> {
  const tree = await categoryTree(db);
  const category = isUuid(idOrPath) ? tree.byId.get(idOrPath.toLowerCase()) : tree.byPath.get(idOrPath);
  if (!category) throw new AppError('category/not_found', [idOrPath]);
  return category;
}

/** The category and all its descendants: a category's products include its subcategories'. */
export async function subtreeIds(db: Database, category: Category): Promise<string[]> {
  const tree = await categoryTree(db);
  return tree.list.filter((c) => c.path === category.path || c.path.startsWith(`${category.path}.`)).map((c) => c.id);
}
