import type { Category } from '@kedai/contract';

/** What the menus need of a category. */
interface MenuCategory {
  id: string;
  name: string;
  path: string;
}

export interface MenuGroup extends MenuCategory {
  children: MenuCategory[];
}

const toMenu = ({ id, name, path }: Pick<Category, 'id' | 'name' | 'path'>): MenuCategory => ({ id, name, path });

/**
 * Top-level categories, each with its direct subcategories, in the API's display order (a parent's
 * `children` list orders them; children it does not list follow in list order). Deeper levels are
 * reached from the category pages' facets.
 */
export function categoryMenu(categories: readonly Category[]): MenuGroup[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return categories
    .filter((c) => c.parent === null || !byId.has(c.parent))
    .map((top) => {
      const listed = top.children.map((id) => byId.get(id)).filter((c): c is Category => c !== undefined);
      const unlisted = categories.filter((c) => c.parent === top.id && !top.children.includes(c.id));
      return { ...toMenu(top), children: [...listed, ...unlisted].map(toMenu) };
    });
}
