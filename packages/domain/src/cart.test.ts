import { describe, expect, it } from 'vitest';
import {
  CART_MESSAGE_MAX,
  CART_QUANTITY_MAX,
  cartItemTypeOf,
  cartUnitPrice,
  isCartItemAvailable,
  isValidCartVariantPath,
  parseCartMessage,
  parseCartQuantity,
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

describe('isCartItemAvailable (spec §5 stock check)', () => {
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
