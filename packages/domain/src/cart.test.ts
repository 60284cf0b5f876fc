import { describe, expect, it } from 'vitest';
import {
  CART_MESSAGE_MAX,
  CART_QUANTITY_MAX,
  cartItemTypeOf,
  cartUnitCount,
  cartUnitPrice,
  isCartItemAvailable,
  isValidCartVariantPath,
  lineTotal,
  parseCartMessage,
  parseCartQuantity,
  priceSpan,
  selectionSubtotal,
} from './cart';

const shirt = {
  disabled: false,
  stock: 0,
  variants: [
    { name: 'Size', options: ['S', 'M'] },
    { name: 'Colour', options: ['Red', 'Blue'] },
  ],
  variantPaths: {
    '0/0': { price: { SG: 1500 }, stock: 3 },
    '0/1': { price: { SG: 1600 }, stock: 0 },
    '1/0': { price: {}, stock: 10 },
    '1/1': { price: { SG: 1700 }, stock: 1 },
  },
  price: { SG: 1400, MY: 5000 },
  priceCurrency: { SG: 'SGD', MY: 'MYR' },
};
const mug = { disabled: false, stock: 2, variants: [], variantPaths: {}, price: { SG: 900 }, priceCurrency: { SG: 'SGD' } };

describe('parseCartQuantity', () => {
  it.each([1, '1', 7, '42', CART_QUANTITY_MAX, String(CART_QUANTITY_MAX)])('accepts %j', (value) => {
    expect(parseCartQuantity(value)).toBe(Number(value));
  });
  it.each([
    0,
    '0',
    -1,
    '-1',
    1.5,
    '1.5',
    '1e2',
    ' 2',
    '',
    'two',
    null,
    undefined,
    true,
    CART_QUANTITY_MAX + 1,
    '007',
    1e21,
    NaN,
    Infinity,
    [1],
  ])('refuses %j', (value) => {
    expect(parseCartQuantity(value)).toBeNull();
  });
});

describe('parseCartMessage', () => {
  it('trims, and treats absent as empty', () => {
    expect(parseCartMessage('  gift wrap please ')).toBe('gift wrap please');
    expect(parseCartMessage(undefined)).toBe('');
    expect(parseCartMessage(null)).toBe('');
  });
  it("counts UTF-16 units, as the note box's maxLength does, up to the limit", () => {
    expect(parseCartMessage('a'.repeat(CART_MESSAGE_MAX))).toHaveLength(CART_MESSAGE_MAX);
    expect(parseCartMessage('😀'.repeat(CART_MESSAGE_MAX / 2))).toHaveLength(CART_MESSAGE_MAX);
    expect(parseCartMessage('a'.repeat(CART_MESSAGE_MAX + 1))).toBeNull();
    expect(parseCartMessage('😀'.repeat(CART_MESSAGE_MAX / 2) + 'a')).toBeNull();
  });
  it('refuses what is not text', () => {
    expect(parseCartMessage(12)).toBeNull();
    expect(parseCartMessage({})).toBeNull();
  });
});

describe('isValidCartVariantPath', () => {
  it('needs a full path of a product with variants, and none without', () => {
    expect(isValidCartVariantPath(shirt, '1/1')).toBe(true);
    expect(isValidCartVariantPath(shirt, '1')).toBe(false);
    expect(isValidCartVariantPath(shirt, '2/0')).toBe(false);
    expect(isValidCartVariantPath(shirt, '')).toBe(false);
    expect(isValidCartVariantPath(mug, '')).toBe(true);
    expect(isValidCartVariantPath(mug, '0')).toBe(false);
  });
});

describe('isCartItemAvailable (rules: validation.md stock check)', () => {
  it('uses the variant stock, and the product stock without variants', () => {
    expect(isCartItemAvailable(shirt, { variantPath: '0/0', quantity: 3 })).toBe(true);
    expect(isCartItemAvailable(shirt, { variantPath: '0/0', quantity: 4 })).toBe(false);
    expect(isCartItemAvailable(shirt, { variantPath: '0/1', quantity: 1 })).toBe(false);
    expect(isCartItemAvailable(mug, { variantPath: '', quantity: 2 })).toBe(true);
    expect(isCartItemAvailable(mug, { variantPath: '', quantity: 3 })).toBe(false);
  });
  it('is never available for a missing or disabled product, or a path the product no longer has', () => {
    expect(isCartItemAvailable(undefined, { variantPath: '', quantity: 1 })).toBe(false);
    expect(isCartItemAvailable({ ...mug, disabled: true }, { variantPath: '', quantity: 1 })).toBe(false);
    expect(isCartItemAvailable(shirt, { variantPath: '3/0', quantity: 1 })).toBe(false);
  });
});

describe('cartUnitPrice', () => {
  it("takes the variant's price, else the product's, in the region's currency", () => {
    expect(cartUnitPrice(shirt, '1/1', 'SG')).toEqual({ amount: 1700, currency: 'SGD' });
    expect(cartUnitPrice(shirt, '1/0', 'SG')).toEqual({ amount: 1400, currency: 'SGD' });
    expect(cartUnitPrice(shirt, '1/1', 'MY')).toEqual({ amount: 5000, currency: 'MYR' });
    expect(cartUnitPrice(mug, '', 'SG')).toEqual({ amount: 900, currency: 'SGD' });
  });
  it('is null where the product is not sold', () => {
    expect(cartUnitPrice(mug, '', 'MY')).toBeNull();
  });
});

describe('cartItemTypeOf', () => {
  it('is external only for products bought from another marketplace', () => {
    expect(cartItemTypeOf({ sourceMarketPlace: 'Taobao' })).toBe('external');
    expect(cartItemTypeOf({ sourceMarketPlace: null })).toBe('internal');
  });
});

describe('priceSpan', () => {
  const rangedShirt = { ...shirt, priceRange: { SG: { min: 1400, max: 1700 }, MY: { min: 5000, max: 5000 } } };
  const rangedMug = { ...mug, priceRange: { SG: { min: 900, max: 900 } } };

  it('before a full variant is chosen: the range over every path', () => {
    expect(priceSpan(rangedShirt, 'SG', null)).toEqual({ min: 1400, max: 1700, currency: 'SGD' });
    expect(priceSpan(rangedShirt, 'SG', '1')).toEqual({ min: 1400, max: 1700, currency: 'SGD' });
    expect(priceSpan(rangedShirt, 'SG', '9/9')).toEqual({ min: 1400, max: 1700, currency: 'SGD' });
  });

  it("a chosen path: its unit price as the cart charges it (the product's where the path has none)", () => {
    expect(priceSpan(rangedShirt, 'SG', '1/1')).toEqual({ min: 1700, max: 1700, currency: 'SGD' });
    expect(priceSpan(rangedShirt, 'SG', '1/0')).toEqual({ min: 1400, max: 1400, currency: 'SGD' });
    for (const path of ['0/0', '0/1', '1/0', '1/1']) {
      expect(priceSpan(rangedShirt, 'SG', path)?.min).toBe(cartUnitPrice(rangedShirt, path, 'SG')?.amount);
    }
  });

  it('without variants: the product price, whatever path is asked; null where it is not sold', () => {
    expect(priceSpan(rangedMug, 'SG', null)).toEqual({ min: 900, max: 900, currency: 'SGD' });
    expect(priceSpan(rangedMug, 'SG', '0/0')).toEqual({ min: 900, max: 900, currency: 'SGD' });
    expect(priceSpan(rangedMug, 'MY', null)).toBeNull();
    expect(priceSpan({ ...rangedShirt, priceCurrency: {} }, 'SG', '1/1')).toBeNull();
  });
});

describe('lineTotal and selectionSubtotal (what the cart shows and checkout charges)', () => {
  const lines = [
    { id: 'a', productId: 'shirt', variantPath: '0/0', quantity: 2 },
    { id: 'b', productId: 'mug', variantPath: '', quantity: 3 },
    { id: 'c', productId: 'shirt', variantPath: '1/0', quantity: 1 },
    { id: 'd', productId: 'gone', variantPath: '', quantity: 1 },
  ];
  const products = { shirt, mug };

  it('a line: the unit price in the region × the quantity; null without a product or a price there', () => {
    expect(lineTotal(lines[0]!, shirt, 'SG')).toEqual({ amount: 3000, currency: 'SGD' });
    expect(lineTotal(lines[2]!, shirt, 'MY')).toEqual({ amount: 5000, currency: 'MYR' });
    expect(lineTotal(lines[1]!, mug, 'MY')).toBeNull();
    expect(lineTotal(lines[3]!, undefined, 'SG')).toBeNull();
  });

  it('the checked lines only, in the region currency; lines without a price there are counted apart', () => {
    expect(selectionSubtotal(lines, products, ['a', 'b'], { key: 'SG', currency: 'SGD' })).toEqual({
      total: { amount: 2 * 1500 + 3 * 900, currency: 'SGD' },
      units: 5,
      lines: 2,
      unpriced: 0,
    });
    expect(selectionSubtotal(lines, products, ['b', 'c', 'd'], { key: 'MY', currency: 'MYR' })).toEqual({
      total: { amount: 5000, currency: 'MYR' },
      units: 5,
      lines: 3,
      unpriced: 2,
    });
    expect(selectionSubtotal(lines, products, [], { key: 'SG', currency: 'SGD' }).total).toEqual({ amount: 0, currency: 'SGD' });
  });

  it('a price in another currency than the region says is left out, not mixed in', () => {
    const odd = { ...mug, priceCurrency: { SG: 'USD' } };
    expect(selectionSubtotal(lines, { ...products, mug: odd }, ['a', 'b'], { key: 'SG', currency: 'SGD' })).toMatchObject({
      total: { amount: 3000, currency: 'SGD' },
      unpriced: 1,
    });
  });
});

describe('cartUnitCount (the header badge)', () => {
  it('counts units, not lines, whether or not a line can be bought', () => {
    expect(cartUnitCount([])).toBe(0);
    expect(cartUnitCount([{ quantity: 2 }, { quantity: 1 }, { quantity: 27 }])).toBe(30);
  });
});
