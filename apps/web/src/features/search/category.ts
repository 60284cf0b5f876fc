import type { Category } from '@kedai/contract';

/** The category a `/category/<path>` segment names: by path, else by id (then the page redirects). */
export function findCategory(categories: readonly Category[], segment: string): Category | undefined {
  const key = segment.trim();
  return categories.find((c) => c.path === key) ?? categories.find((c) => c.id === key.toLowerCase());
}

/** The direct subcategories of a category, in display order. */
export function subcategories(categories: readonly Category[], category: Category): Category[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return category.children.map((id) => byId.get(id)).filter((c): c is Category => c !== undefined);
}
