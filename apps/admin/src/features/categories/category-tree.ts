/**
 * The category tree as the back office shows and edits it. `GET /product/categories` lists every
 * category in display order (parents before children, siblings in order) with its parent and its
 * children's ids. A category's place among its siblings is its `sortOrder` (the seed numbers them
 * 0, 1, 2…); the API does not answer it, so the back office keeps the rule "sortOrder is the
 * position among the siblings": an edit in place sends the current position, a move puts the
 * category last under its new parent, and a reorder renumbers the siblings.
 */
import type { AdminCategoryInput, Category } from '@kedai/contract';
import { validateCategoryDraft } from '@kedai/domain';

export interface TreeNode {
  category: Category;
  depth: number;
  children: TreeNode[];
}

/** The categories as nested nodes, in display order. */
export function buildTree(categories: readonly Category[]): TreeNode[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const seen = new Set<string>();
  const node = (category: Category, depth: number): TreeNode => {
    seen.add(category.id);
    const children = category.children
      .map((id) => byId.get(id))
      .filter((child): child is Category => child !== undefined && !seen.has(child.id))
      .map((child) => node(child, depth + 1));
    return { category, depth, children };
  };
  return categories.filter((category) => category.parent === null || !byId.has(category.parent)).map((category) => node(category, 0));
}

/** The category `id` and every category under it. */
export function subtreeIds(categories: readonly Category[], id: string): Set<string> {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const ids = new Set<string>();
  const visit = (current: string) => {
    if (ids.has(current)) return;
    ids.add(current);
    for (const child of byId.get(current)?.children ?? []) visit(child);
  };
  if (byId.has(id)) visit(id);
  return ids;
}

/** "Clothing › Shirts": a category's name with its ancestors'. */
export function fullName(categories: readonly Category[], category: Category): string {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const names = [category.name];
  const seen = new Set([category.id]);
  let parent = category.parent ? byId.get(category.parent) : undefined;
  while (parent && !seen.has(parent.id)) {
    names.unshift(parent.name);
    seen.add(parent.id);
    parent = parent.parent ? byId.get(parent.parent) : undefined;
  }
  return names.join(' › ');
}

/**
 * The parents a category may be given, in tree order with their full names: every category but
 * the one edited (`editingId`) and those under it (a category never moves into its own subtree).
 */
export function parentOptions(categories: readonly Category[], editingId: string | null): { id: string; label: string }[] {
  const excluded = editingId ? subtreeIds(categories, editingId) : new Set<string>();
  const options: { id: string; label: string }[] = [];
  const walk = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      if (excluded.has(node.category.id)) continue;
      options.push({ id: node.category.id, label: fullName(categories, node.category) });
      walk(node.children);
    }
  };
  walk(buildTree(categories));
  return options;
}

/** The categories under `parentId` (null: the top level), in display order. */
export function siblingsOf(categories: readonly Category[], parentId: string | null): Category[] {
  if (parentId === null) return categories.filter((category) => category.parent === null);
  const byId = new Map(categories.map((category) => [category.id, category]));
  return (byId.get(parentId)?.children ?? []).map((id) => byId.get(id)).filter((c): c is Category => c !== undefined);
}

/** A category's input for `PUT` as it is, with `changes`. */
function categoryInput(category: Category, sortOrder: number, changes: Partial<AdminCategoryInput> = {}): AdminCategoryInput {
  return { name: category.name, key: category.key, parentId: category.parent, image: category.image, sortOrder, ...changes };
}

/**
 * The `PUT`s that move category `id` one place up (-1) or down (+1) among its siblings: every
 * sibling numbered by its new position. Empty when it is already at that end.
 */
export function reorderPlan(categories: readonly Category[], id: string, by: -1 | 1): { id: string; input: AdminCategoryInput }[] {
  const category = categories.find((c) => c.id === id);
  if (!category) return [];
  const siblings = siblingsOf(categories, category.parent);
  const index = siblings.findIndex((c) => c.id === id);
  const to = index + by;
  if (index === -1 || to < 0 || to >= siblings.length) return [];
  const order = [...siblings];
  [order[index], order[to]] = [order[to]!, order[index]!];
  return order.map((sibling, position) => ({ id: sibling.id, input: categoryInput(sibling, position) }));
}

export interface CategoryForm {
  name: string;
  /** Blank: made from the name. */
  key: string;
  /** '' for the top level. */
  parentId: string;
}

export type FieldErrors = Record<string, string>;

export const formOf = (category: Category | null, parentId: string | null = null): CategoryForm =>
  category ? { name: category.name, key: category.key, parentId: category.parent ?? '' } : { name: '', key: '', parentId: parentId ?? '' };

/**
 * The API's input for the form: a new category goes last under its parent; an edited one keeps
 * its place, or goes last under a new parent. The domain's rules (`validateCategoryDraft`, which
 * the API applies too) are checked first.
 */
export function formToInput(
  form: CategoryForm,
  categories: readonly Category[],
  editing: Category | null,
): { ok: true; input: AdminCategoryInput } | { ok: false; errors: FieldErrors } {
  const parentId = form.parentId === '' ? null : form.parentId;
  if (editing && parentId !== null && subtreeIds(categories, editing.id).has(parentId)) {
    return { ok: false, errors: { parentId: 'A category cannot be moved under itself or one of its subcategories' } };
  }
  const siblings = siblingsOf(categories, parentId).filter((c) => c.id !== editing?.id);
  const sortOrder =
    editing && editing.parent === parentId ? siblingsOf(categories, parentId).findIndex((c) => c.id === editing.id) : siblings.length;
  const input: AdminCategoryInput = { name: form.name.trim(), parentId, image: editing?.image ?? null, sortOrder: Math.max(sortOrder, 0) };
  if (form.key.trim() !== '') input.key = form.key.trim();
  const checked = validateCategoryDraft(input);
  if (!checked.ok) {
    const errors: FieldErrors = Object.fromEntries(checked.problems.map((problem) => [problem.field, problem.error]));
    // A key made from a missing name is not a problem of its own.
    if (errors.name && input.key === undefined) delete errors.key;
    return { ok: false, errors };
  }
  return { ok: true, input };
}
