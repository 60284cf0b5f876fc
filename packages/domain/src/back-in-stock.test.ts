import { describe, expect, it } from 'vitest';
import { isBackInStock, isValidBackInStockPath, pathsBackInStock } from './back-in-stock';

const plain = { stock: 0, variants: [], variantPaths: {} };
const varied = {
  stock: 0,
  variants: [
    { name: 'Size', options: ['S', 'M'] },
    { name: 'Colour', options: ['Red'] },
  ],
  variantPaths: { '0/0': { price: { SG: 100 }, stock: 0 }, '1/0': { price: { SG: 100 }, stock: 3 } },
};

describe('back in stock', () => {
  it('a product without variants is waited for as a whole', () => {
    expect(isValidBackInStockPath(plain, '')).toBe(true);
    expect(isValidBackInStockPath(plain, '0')).toBe(false);
  });

  it('a product with variants: the whole product or one full path', () => {
    expect(isValidBackInStockPath(varied, '')).toBe(true);
    expect(isValidBackInStockPath(varied, '1/0')).toBe(true);
    for (const path of ['1', '2/0', '0/1', '0/0/0', '01/0', 'a/b', '/']) expect(isValidBackInStockPath(varied, path)).toBe(false);
  });

  it('is back when the path, or with "" any path, has a unit', () => {
    expect(isBackInStock(plain, '')).toBe(false);
    expect(isBackInStock({ ...plain, stock: 1 }, '')).toBe(true);
    expect(isBackInStock(varied, '0/0')).toBe(false);
    expect(isBackInStock(varied, '1/0')).toBe(true);
    expect(isBackInStock(varied, '')).toBe(true);
    expect(isBackInStock({ ...varied, variantPaths: { '0/0': { price: {}, stock: 0 } } }, '')).toBe(false);
  });

  it('tells which paths a change brought back: stock from 0 to more, or enabled again with stock', () => {
    const on = { ...plain, disabled: false };
    expect(pathsBackInStock(on, { ...on, stock: 2 })).toEqual(['']);
    expect(pathsBackInStock({ ...on, stock: 1 }, { ...on, stock: 2 })).toEqual([]);
    expect(pathsBackInStock({ ...on, stock: 3 }, { ...on, stock: 0 })).toEqual([]);
    expect(pathsBackInStock({ ...on, stock: 3, disabled: true }, { ...on, stock: 3 })).toEqual(['']);
    expect(pathsBackInStock(on, { ...on, stock: 3, disabled: true })).toEqual([]);
    const v = { ...varied, disabled: false };
    const restocked = { ...v, variantPaths: { ...v.variantPaths, '0/0': { price: { SG: 100 }, stock: 4 } } };
    expect(pathsBackInStock(v, restocked)).toEqual(['0/0']);
    expect(pathsBackInStock({ ...v, disabled: true }, restocked)).toEqual(['0/0', '1/0']);
  });
});
