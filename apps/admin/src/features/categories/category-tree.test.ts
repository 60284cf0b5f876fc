import { describe, expect, it } from 'vitest';
import type { Category } from '@kedai/contract';
import { buildTree, formOf, formToInput, fullName, parentOptions, reorderPlan, siblingsOf, subtreeIds } from './category-tree';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const cat = (n: number, name: string, path: string, parent: number | null, children: number[] = []): Category => ({
  id: id(n),
  key: path.split('.').pop()!,
  name,
  path,
  parent: parent === null ? null : id(parent),
  children: children.map(id),
  image: null,
});

// Clothing (1) › Shirts (2) › Batik (3); Clothing › Trousers (4); Home (5); Toys (6)
const categories: Category[] = [
  cat(1, 'Clothing', 'clothing', null, [2, 4]),
  cat(2, 'Shirts', 'clothing.shirts', 1, [3]),
  cat(3, 'Batik', 'clothing.shirts.batik', 2),
  cat(4, 'Trousers', 'clothing.trousers', 1),
  cat(5, 'Home', 'home', null),
  cat(6, 'Toys', 'toys', null),
];

describe('the tree', () => {
  it('nests the categories in display order', () => {
    const tree = buildTree(categories);
    expect(tree.map((node) => node.category.name)).toEqual(['Clothing', 'Home', 'Toys']);
    expect(tree[0]!.children.map((node) => [node.category.name, node.depth])).toEqual([
      ['Shirts', 1],
      ['Trousers', 1],
    ]);
    expect(tree[0]!.children[0]!.children[0]!.category.name).toBe('Batik');
  });
  it('names a category with its ancestors', () => {
    expect(fullName(categories, categories[2]!)).toBe('Clothing › Shirts › Batik');
  });
  it('knows a subtree and the siblings', () => {
    expect([...subtreeIds(categories, id(1))]).toEqual([id(1), id(2), id(3), id(4)]);
    expect([...subtreeIds(categories, id(9))]).toEqual([]);
    expect(siblingsOf(categories, null).map((c) => c.name)).toEqual(['Clothing', 'Home', 'Toys']);
    expect(siblingsOf(categories, id(1)).map((c) => c.name)).toEqual(['Shirts', 'Trousers']);
  });
});

describe('parent options', () => {
  it('offers every category for a new one', () => {
    expect(parentOptions(categories, null).map((o) => o.label)).toEqual([
      'Clothing',
      'Clothing › Shirts',
      'Clothing › Shirts › Batik',
      'Clothing › Trousers',
      'Home',
      'Toys',
    ]);
  });
  it('never offers the category itself or its subtree', () => {
    expect(parentOptions(categories, id(2)).map((o) => o.label)).toEqual(['Clothing', 'Clothing › Trousers', 'Home', 'Toys']);
    expect(parentOptions(categories, id(1)).map((o) => o.label)).toEqual(['Home', 'Toys']);
  });
});

describe('reordering', () => {
  it('renumbers the siblings by their new positions', () => {
    expect(reorderPlan(categories, id(5), -1).map(({ id: which, input }) => [which, input.sortOrder])).toEqual([
      [id(5), 0],
      [id(1), 1],
      [id(6), 2],
    ]);
    expect(reorderPlan(categories, id(2), 1)[0]).toEqual({
      id: id(4),
      input: { name: 'Trousers', key: 'trousers', parentId: id(1), image: null, sortOrder: 0 },
    });
  });
  it('does nothing at an end', () => {
    expect(reorderPlan(categories, id(1), -1)).toEqual([]);
    expect(reorderPlan(categories, id(6), 1)).toEqual([]);
    expect(reorderPlan(categories, id(9), 1)).toEqual([]);
  });
});

describe('the form', () => {
  it('adds a category last under its parent, the key made by the API when blank', () => {
    expect(formToInput({ name: ' Sarongs ', key: '', parentId: id(1) }, categories, null)).toEqual({
      ok: true,
      input: { name: 'Sarongs', parentId: id(1), image: null, sortOrder: 2 },
    });
    expect(formToInput({ name: 'Books', key: 'books', parentId: '' }, categories, null)).toEqual({
      ok: true,
      input: { name: 'Books', key: 'books', parentId: null, image: null, sortOrder: 3 },
    });
  });
  it('keeps the place of a category renamed in place, and moves one last under its new parent', () => {
    const trousers = categories[3]!;
    expect(formToInput({ ...formOf(trousers), name: 'Pants' }, categories, trousers)).toEqual({
      ok: true,
      input: { name: 'Pants', key: 'trousers', parentId: id(1), image: null, sortOrder: 1 },
    });
    expect(formToInput({ ...formOf(trousers), parentId: '' }, categories, trousers)).toEqual({
      ok: true,
      input: { name: 'Trousers', key: 'trousers', parentId: null, image: null, sortOrder: 3 },
    });
  });
  it("refuses a move into the category's own subtree and what the domain refuses", () => {
    const clothing = categories[0]!;
    expect(formToInput({ ...formOf(clothing), parentId: id(3) }, categories, clothing)).toEqual({
      ok: false,
      errors: { parentId: 'A category cannot be moved under itself or one of its subcategories' },
    });
    const blank = formToInput({ name: ' ', key: '', parentId: '' }, categories, null);
    expect(blank.ok).toBe(false);
    expect(Object.keys(!blank.ok ? blank.errors : {})).toEqual(['name']);
    const badKey = formToInput({ name: 'Books', key: 'Bad Key', parentId: '' }, categories, null);
    expect(!badKey.ok && badKey.errors.key).toMatch(/lower-case/);
  });
  it('starts a new form under a chosen parent', () => {
    expect(formOf(null, id(1))).toEqual({ name: '', key: '', parentId: id(1) });
    expect(formOf(categories[1]!)).toEqual({ name: 'Shirts', key: 'shirts', parentId: id(1) });
  });
});
