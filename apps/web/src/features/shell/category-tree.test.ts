import { describe, expect, it } from 'vitest';
import type { Category } from '@kedai/contract';
import { categoryMenu } from './category-tree';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const category = (n: number, path: string, parent: number | null, children: number[] = []): Category => ({
  id: id(n),
  key: path.split('.').at(-1)!,
  name: path.toUpperCase(),
  path,
  parent: parent === null ? null : id(parent),
  children: children.map(id),
  image: null,
});

describe('categoryMenu', () => {
  it('groups subcategories under their top-level category in display order', () => {
    const categories = [
      category(1, 'electronics', null, [3, 2]),
      category(2, 'electronics.phones', 1),
      category(3, 'electronics.laptops', 1),
      category(4, 'toys', null),
    ];
    expect(categoryMenu(categories)).toEqual([
      {
        id: id(1),
        name: 'ELECTRONICS',
        path: 'electronics',
        children: [
          { id: id(3), name: 'ELECTRONICS.LAPTOPS', path: 'electronics.laptops' },
          { id: id(2), name: 'ELECTRONICS.PHONES', path: 'electronics.phones' },
        ],
      },
      { id: id(4), name: 'TOYS', path: 'toys', children: [] },
    ]);
  });

  it('keeps children the parent does not list, and treats orphans as top level', () => {
    const categories = [category(1, 'home', null, []), category(2, 'home.kitchen', 1), category(5, 'lost.child', 99)];
    const menu = categoryMenu(categories);
    expect(menu.map((g) => g.path)).toEqual(['home', 'lost.child']);
    expect(menu[0]!.children.map((c) => c.path)).toEqual(['home.kitchen']);
  });

  it('is empty without categories', () => {
    expect(categoryMenu([])).toEqual([]);
  });
});
