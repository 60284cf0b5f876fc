/**
 * The category breadcrumb of a product page, from the product's category path ("home.kitchen")
 * and the category tree for the names of its ancestors.
 */
import type { Category, Product } from '@kedai/contract';
import { categoryHref } from '../catalogue/links';

export interface Crumb {
  name: string;
  /** Site-relative address of the crumb. */
  href: string;
}

/** "kitchen-tools" -> "Kitchen tools": a readable name for a category key missing from the tree. */
export function nameFromKey(key: string): string {
  const words = key.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/**
 * One crumb per level of the category path, root first: each prefix of the dot-joined path is a
 * category whose name comes from the tree (the product's own category name for the last level; a
 * name made from the key when the tree does not know the prefix). No category: no crumbs.
 */
export function categoryBreadcrumb(category: Product['category'], categories: readonly Pick<Category, 'path' | 'name'>[] = []): Crumb[] {
  if (!category || !category.path) return [];
  const names = new Map(categories.map((c) => [c.path, c.name]));
  const keys = category.path.split('.').filter(Boolean);
  return keys.map((key, i) => {
    const path = keys.slice(0, i + 1).join('.');
    const last = i === keys.length - 1;
    const name = last ? category.name : (names.get(path) ?? nameFromKey(key));
    return { name, href: categoryHref(path) };
  });
}
