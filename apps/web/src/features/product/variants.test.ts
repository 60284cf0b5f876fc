import { describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD, formatMoney, priceSpan } from '@kedai/domain';
import { pan, phone } from './test-fixtures';
import { formatPriceSpan } from './price';
import { chooseOption, optionsInStock, pathFromSelection, selectionFromPath, stockStatus, stockStatusFor } from './variants';

describe('selectionFromPath and pathFromSelection', () => {
  const { variants } = phone();

  it('reads a valid ?v= path as one chosen option per variant', () => {
    expect(selectionFromPath(variants, '1/2')).toEqual([1, 2]);
    expect(pathFromSelection([1, 2])).toBe('1/2');
  });

  it('selects nothing for an absent, malformed or out-of-range path', () => {
    for (const path of [null, undefined, '', '1', '1/3', '2/0', '0/0/0', 'a/b', '01/1', '-1/0']) {
      expect(selectionFromPath(variants, path)).toEqual([null, null]);
    }
  });

  it('always chooses a variant that has a single option', () => {
    const single = [
      { name: 'Size', options: ['One size'] },
      { name: 'Colour', options: ['Red', 'Blue'] },
    ];
    expect(selectionFromPath(single, null)).toEqual([0, null]);
    expect(pathFromSelection(chooseOption(selectionFromPath(single, null), 1, 1))).toBe('0/1');
  });

  it('has no path until every variant has an option', () => {
    expect(pathFromSelection([0, null])).toBeNull();
    expect(pathFromSelection([])).toBeNull();
  });

  it('chooses an option without touching the other variants', () => {
    const start = selectionFromPath(variants, null);
    const one = chooseOption(start, 1, 2);
    expect(one).toEqual([null, 2]);
    expect(start).toEqual([null, null]);
    expect(chooseOption(one, 0, 0)).toEqual([0, 2]);
    expect(chooseOption([0, 2], 0, 1)).toEqual([1, 2]);
  });
});

describe('choosing options -> price and stock', () => {
  const product = phone();

  it('shows the range before a full variant is chosen', () => {
    expect(priceSpan(product, 'SG', null)).toEqual({ min: 112900, max: 169900, currency: 'SGD' });
    expect(formatPriceSpan(priceSpan(product, 'SG', pathFromSelection([1, null])))).toBe(
      `${formatMoney(112900, 'SGD')} – ${formatMoney(169900, 'SGD')}`,
    );
    expect(formatPriceSpan(priceSpan(product, 'SG', null))).toBe('SGD\u00a01,129.00 – SGD\u00a01,699.00');
  });

  it('shows the exact price and stock of the chosen path', () => {
    let selection = selectionFromPath(product.variants, null);
    selection = chooseOption(selection, 0, 1);
    selection = chooseOption(selection, 1, 1);
    const path = pathFromSelection(selection);
    expect(path).toBe('1/1');
    expect(priceSpan(product, 'SG', path)).toEqual({ min: 169900, max: 169900, currency: 'SGD' });
    expect(formatPriceSpan(priceSpan(product, 'SG', path))).toBe(formatMoney(169900, 'SGD'));
    expect(stockStatusFor(product, path)).toEqual({ kind: 'in_stock', label: 'In stock', stock: 52 });
  });

  it('falls back to the product price when the path has no price for the region', () => {
    expect(priceSpan(product, 'JP', '1/1')).toEqual({ min: 130280, max: 130280, currency: 'JPY' });
    expect(formatPriceSpan(priceSpan(product, 'JP', '1/1'))).toBe(formatMoney(130280, 'JPY'));
  });

  it('reports low and no stock for the chosen path', () => {
    expect(stockStatusFor(product, '0/2')).toEqual({ kind: 'low_stock', label: 'Only 3 left', stock: 3 });
    expect(stockStatusFor(product, '0/1')).toEqual({ kind: 'sold_out', label: 'Sold out', stock: 0 });
  });

  it('is "In stock" before a full path when any path has stock, else "Sold out"', () => {
    expect(stockStatusFor(product, null)).toMatchObject({ kind: 'in_stock', stock: null });
    expect(stockStatusFor(product, '1')).toMatchObject({ kind: 'in_stock', stock: null });
    const soldOut = phone({
      variantPaths: Object.fromEntries(Object.entries(product.variantPaths).map(([k, v]) => [k, { ...v, stock: 0 }])),
    });
    expect(stockStatusFor(soldOut, null)).toEqual({ kind: 'sold_out', label: 'Sold out', stock: 0 });
  });

  it('uses the product stock and price when there are no variants', () => {
    const product = pan();
    expect(priceSpan(product, 'SG', null)).toEqual({ min: 7690, max: 7690, currency: 'SGD' });
    expect(priceSpan(product, 'SG', '0/0')).toEqual({ min: 7690, max: 7690, currency: 'SGD' });
    expect(stockStatusFor(product, null)).toEqual({ kind: 'in_stock', label: 'In stock', stock: 12 });
    expect(stockStatusFor(pan({ stock: 0 }), null).label).toBe('Sold out');
  });

  it('has no price in a region the product is not sold in', () => {
    expect(priceSpan(product, 'US', null)).toBeNull();
    expect(formatPriceSpan(null)).toBeNull();
    expect(formatPriceSpan({ min: 1, max: 1, currency: 'NOT-A-CODE' })).toBeNull();
  });
});

describe('optionsInStock (options that lead to no stock are marked)', () => {
  const product = phone();

  it('with nothing chosen, an option is in stock when any path through it has stock', () => {
    expect(optionsInStock(product, [null, null])).toEqual([
      [true, true],
      [true, true, true],
    ]);
  });

  it('takes the other variants’ choices into account', () => {
    // 128 GB: Grey 29, Mint 0, Rose 3 -> Mint sold out; the storage row ignores its own choice.
    expect(optionsInStock(product, [0, null])).toEqual([
      [true, true],
      [true, false, true],
    ]);
    // 1 TB: only Mint has stock.
    expect(optionsInStock(product, [1, null])).toEqual([
      [true, true],
      [false, true, false],
    ]);
    // Rose chosen: only 128 GB has Rose in stock.
    expect(optionsInStock(product, [null, 2])).toEqual([
      [true, false],
      [true, true, true],
    ]);
    expect(optionsInStock(product, [1, 0])).toEqual([
      [true, false],
      [false, true, false],
    ]);
  });

  it('marks everything of a sold-out product, and nothing of a product without variants', () => {
    const soldOut = phone({ variantPaths: { '0/0': { price: { SG: 1 }, stock: 0 } } });
    expect(optionsInStock(soldOut, [null, null])).toEqual([
      [false, false],
      [false, false, false],
    ]);
    expect(optionsInStock(pan(), [])).toEqual([]);
  });
});

describe('stockStatus', () => {
  it('is "Only N left" up to the threshold', () => {
    expect(LOW_STOCK_THRESHOLD).toBe(5);
    expect(stockStatus(6)).toEqual({ kind: 'in_stock', label: 'In stock', stock: 6 });
    expect(stockStatus(5)).toEqual({ kind: 'low_stock', label: 'Only 5 left', stock: 5 });
    expect(stockStatus(1).label).toBe('Only 1 left');
    expect(stockStatus(0)).toEqual({ kind: 'sold_out', label: 'Sold out', stock: 0 });
    expect(stockStatus(-2).kind).toBe('sold_out');
  });
});
