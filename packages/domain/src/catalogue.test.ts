import { describe, expect, it } from 'vitest';
import {
  allVariantPaths,
  assetUrl,
  isAvailable,
  isInStock,
  isValidVariantPath,
  LOW_STOCK_THRESHOLD,
  onlyLeftText,
  PLACEHOLDER_IMAGE,
  priceRange,
  stockFor,
  stockLevel,
  thumbnailName,
  type ProductVariant,
  type StockHolder,
  variantOptionsOf,
  variantPictureOf,
} from './catalogue';

const colourSize: ProductVariant[] = [
  { name: 'Colour', options: ['Red', 'Blue'] },
  { name: 'Size', options: ['S', 'M', 'L'] },
];

const shirt: StockHolder = {
  stock: 0,
  variants: colourSize,
  variantPaths: {
    '0/0': { price: { SG: 1000 }, stock: 3 },
    '0/1': { price: { SG: 1100 }, stock: 0 },
    '1/2': { price: { SG: 1200 }, stock: 1 },
  },
};

const mug: StockHolder = { stock: 5, variants: [], variantPaths: {} };

describe('allVariantPaths', () => {
  it('lists every combination in order', () => {
    expect(allVariantPaths(colourSize)).toEqual(['0/0', '0/1', '0/2', '1/0', '1/1', '1/2']);
    expect(allVariantPaths([{ name: 'Size', options: ['S', 'M'] }])).toEqual(['0', '1']);
  });

  it('is empty without variants, or when a variant has no options', () => {
    expect(allVariantPaths([])).toEqual([]);
    expect(allVariantPaths([...colourSize, { name: 'Empty', options: [] }])).toEqual([]);
  });
});

describe('isValidVariantPath', () => {
  it('accepts one existing option index per variant', () => {
    expect(isValidVariantPath(colourSize, '0/0')).toBe(true);
    expect(isValidVariantPath(colourSize, '1/2')).toBe(true);
  });

  it('refuses out-of-range, badly shaped and non-canonical paths', () => {
    for (const bad of ['2/0', '0/3', '0', '0/0/0', '', '0/', '/0', '00/1', '-1/0', '0.0/1', ' 0/1', 'a/b']) {
      expect(isValidVariantPath(colourSize, bad), bad).toBe(false);
    }
    expect(isValidVariantPath(colourSize, null)).toBe(false);
    expect(isValidVariantPath(colourSize, undefined)).toBe(false);
  });

  it('accepts only an absent or empty path when there are no variants', () => {
    expect(isValidVariantPath([], undefined)).toBe(true);
    expect(isValidVariantPath([], null)).toBe(true);
    expect(isValidVariantPath([], '')).toBe(true);
    expect(isValidVariantPath([], '0')).toBe(false);
  });
});

describe('stockFor, isAvailable and isInStock', () => {
  it('reads the variant stock, or the product stock without variants', () => {
    expect(stockFor(shirt, '0/0')).toBe(3);
    expect(stockFor(shirt, '1/2')).toBe(1);
    expect(stockFor(mug)).toBe(5);
    expect(stockFor(mug, '0/0')).toBe(5);
  });

  it('gives 0 for a missing or unknown variant path', () => {
    expect(stockFor(shirt, '1/1')).toBe(0);
    expect(stockFor(shirt)).toBe(0);
    expect(stockFor(shirt, null)).toBe(0);
    expect(stockFor(shirt, '')).toBe(0);
  });

  it('is available only when stock is at least the quantity (rules: validation.md)', () => {
    expect(isAvailable(shirt, '0/0', 3)).toBe(true);
    expect(isAvailable(shirt, '0/0', 4)).toBe(false);
    expect(isAvailable(shirt, '0/1', 1)).toBe(false);
    expect(isAvailable(mug, undefined, 5)).toBe(true);
    expect(isAvailable(mug, undefined, 6)).toBe(false);
  });

  it('is in stock when any variant (or the product) has a unit', () => {
    expect(isInStock(shirt)).toBe(true);
    expect(isInStock({ ...shirt, variantPaths: { '0/1': { price: { SG: 1 }, stock: 0 } } })).toBe(false);
    expect(isInStock({ ...shirt, variantPaths: {} })).toBe(false);
    expect(isInStock(mug)).toBe(true);
    expect(isInStock({ ...mug, stock: 0 })).toBe(false);
  });
});

describe('priceRange', () => {
  it('spans the variant prices per region', () => {
    expect(priceRange({ SG: 999 }, shirt.variantPaths)).toEqual({ SG: { min: 1000, max: 1200 } });
  });

  it('uses the product price without variants', () => {
    expect(priceRange({ SG: 500, MY: 1500 }, {})).toEqual({ SG: { min: 500, max: 500 }, MY: { min: 1500, max: 1500 } });
  });

  it('falls back to the product price for a region a variant lacks', () => {
    expect(
      priceRange({ SG: 1000, MY: 3000 }, { '0': { price: { SG: 800 }, stock: 1 }, '1': { price: { SG: 1200, MY: 3500 }, stock: 1 } }),
    ).toEqual({ SG: { min: 800, max: 1200 }, MY: { min: 3000, max: 3500 } });
  });

  it('has no entry for regions without a product price', () => {
    expect(priceRange({}, shirt.variantPaths)).toEqual({});
  });
});

describe('thumbnailName and assetUrl', () => {
  it('inserts the suffix before the extension', () => {
    expect(thumbnailName('phone-1.svg')).toBe('phone-1_thumb.svg');
    expect(thumbnailName('a.b.png')).toBe('a.b_thumb.png');
    expect(thumbnailName('noext')).toBe('noext_thumb');
    expect(thumbnailName('dir.v2/photo')).toBe('dir.v2/photo_thumb');
  });

  it('joins the assets host and the image without doubled slashes', () => {
    expect(assetUrl('https://assets.example/', '/img/a.png')).toBe('https://assets.example/img/a.png');
    expect(assetUrl('https://assets.example', 'a.png', 'thumb')).toBe('https://assets.example/a_thumb.png');
  });

  it('uses the placeholder when there is no image', () => {
    expect(assetUrl('https://assets.example', null)).toBe(`https://assets.example/${PLACEHOLDER_IMAGE}`);
    expect(assetUrl('https://assets.example', '')).toBe('https://assets.example/placeholder.svg');
    expect(assetUrl('https://assets.example', undefined, 'thumb')).toBe('https://assets.example/placeholder_thumb.svg');
  });

  it('keeps absolute URLs', () => {
    expect(assetUrl('https://assets.example', 'http://cdn.example/x.jpg')).toBe('http://cdn.example/x.jpg');
    expect(assetUrl('https://assets.example', 'https://cdn.example/x.jpg', 'thumb')).toBe('https://cdn.example/x_thumb.jpg');
  });
});

describe('variantOptionsOf', () => {
  const variants = [
    { name: 'Storage', options: ['256 GB', '1 TB'] },
    { name: 'Colour', options: ['Black', 'Mint'] },
  ];
  it('names the chosen option of each variant', () => {
    expect(variantOptionsOf(variants, '1/0')).toEqual([
      { name: 'Storage', option: '1 TB' },
      { name: 'Colour', option: 'Black' },
    ]);
  });
  it('is null for a partial, unknown or absent path, and for a product without variants', () => {
    expect(variantOptionsOf(variants, '1')).toBeNull();
    expect(variantOptionsOf(variants, '1/9')).toBeNull();
    expect(variantOptionsOf(variants, null)).toBeNull();
    expect(variantOptionsOf([], '')).toBeNull();
  });
});

describe('stockLevel and onlyLeftText', () => {
  it('none is sold out, up to LOW_STOCK_THRESHOLD is low, more is in stock', () => {
    expect(LOW_STOCK_THRESHOLD).toBe(5);
    expect([-1, 0, 1, 5, 6, 100].map(stockLevel)).toEqual(['sold_out', 'sold_out', 'low_stock', 'low_stock', 'in_stock', 'in_stock']);
    expect(onlyLeftText(3)).toBe('Only 3 left');
  });
});

describe('variantPictureOf', () => {
  const product = {
    mainImage: 'main.jpg',
    variants: [
      { name: 'Size', options: ['S', 'M'] },
      { name: 'Colour', options: ['Red', 'Blue', 'Green'], images: ['red.jpg', 'blue.jpg', null] },
    ],
  };

  it('is the chosen colour’s picture (issue 30: cart, checkout and order thumbnails)', () => {
    expect(variantPictureOf(product, '1/0')).toBe('red.jpg');
    expect(variantPictureOf(product, '0/1')).toBe('blue.jpg');
  });

  it('falls back to the main picture for an option without one, a bad path, or no variants', () => {
    expect(variantPictureOf(product, '0/2')).toBe('main.jpg');
    expect(variantPictureOf(product, '0/9')).toBe('main.jpg');
    expect(variantPictureOf(product, '')).toBe('main.jpg');
    expect(variantPictureOf({ mainImage: null, variants: [] }, '')).toBeNull();
  });
});
