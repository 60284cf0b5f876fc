import { describe, expect, it } from 'vitest';
import type { Product } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import { draftToInput, draftVariants, emptyDraft, productToDraft, saveErrors, type ProductDraft } from './product-form';

const currencies = { SG: 'SGD', JP: 'JPY' };

const saved: Product = {
  uuid: '11111111-1111-4111-8111-111111111111',
  paramName: 'linen-shirt',
  name: 'Linen shirt',
  price: { SG: 2990, JP: 3200 },
  priceRange: { SG: { min: 2990, max: 3490 } },
  priceCurrency: { SG: 'SGD', JP: 'JPY' },
  mainImage: 'shirt.jpg',
  inStock: true,
  hasVariants: true,
  sourceMarketPlace: null,
  merchant: { id: '22222222-2222-4222-8222-222222222222', slug: 'kain', name: 'Kain' },
  createdAt: 1_700_000_000,
  description: 'Cool in the heat.',
  variants: [
    { name: 'Colour', options: ['White', 'Blue'], images: ['white.jpg', null] },
    { name: 'Size', options: ['M'] },
  ],
  variantPaths: {
    '0/0': { price: { SG: 2990, JP: 3200 }, stock: 4 },
    '1/0': { price: { SG: 3490 }, stock: 0 },
  },
  stock: 0,
  images: ['shirt.jpg', 'white.jpg'],
  sourceUrl: null,
  category: { id: '33333333-3333-4333-8333-333333333333', name: 'Shirts', path: 'clothing.shirts' },
  disabled: false,
  weight: 250,
};

const draft = (changes: Partial<ProductDraft>): ProductDraft => ({ ...emptyDraft(), name: 'Kopi mug', ...changes });

describe('a new product without variants', () => {
  it('sends prices in minor units of each region, its stock, and null for what is blank', () => {
    const result = draftToInput(
      draft({ prices: { SG: '12.50', JP: '1500', XX: '' }, stock: '7', weight: '300', images: 'mug.jpg\n\nmug-2.jpg' }),
      {
        currencies,
        saved: null,
      },
    );
    expect(result).toEqual({
      ok: true,
      input: {
        name: 'Kopi mug',
        description: '',
        categoryId: null,
        merchantId: null,
        sourceMarketPlace: null,
        sourceUrl: null,
        weight: 300,
        price: { SG: 1250, JP: 1500 },
        variants: [],
        variantPaths: {},
        images: ['mug.jpg', 'mug-2.jpg'],
        disabled: false,
        stock: 7,
      },
    });
  });

  it('refuses amounts and counts it cannot read, under the input’s field names', () => {
    const result = draftToInput(draft({ name: ' ', prices: { SG: '12.505', JP: 'abc' }, stock: '-1', weight: '1.5' }), {
      currencies,
      saved: null,
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Enter the product's name",
        weight: 'Weight must be a whole number of grams',
        'price.SG': 'Enter an amount in SGD, such as 12.50',
        'price.JP': 'Enter an amount in JPY, such as 1500',
        stock: 'Stock must be a whole number, 0 or more',
      },
    });
  });
});

describe("the domain's product rules", () => {
  it('are checked once the form reads, under the API’s field names', () => {
    const result = draftToInput(
      draft({ prices: {}, sourceMarketPlace: 'Shopee', variants: [{ name: 'Size', options: 'S\ns ', pictures: {} }] }),
      {
        currencies,
        saved: null,
      },
    );
    expect(result).toEqual({ ok: false, errors: { 'variants.0.options': 'Each option must have a name of its own' } });
    const rules = draftToInput(draft({ prices: {}, sourceMarketPlace: 'Shopee' }), { currencies, saved: null });
    expect(rules.ok).toBe(false);
    expect(!rules.ok && Object.keys(rules.errors)).toEqual(['source', 'price']);
  });
  it('refuse a price of zero', () => {
    expect(draftToInput(draft({ prices: { SG: '0.00' } }), { currencies, saved: null })).toEqual({
      ok: false,
      errors: { 'price.SG': 'A price must be above zero' },
    });
  });
});

describe('a new product with two variants', () => {
  const withVariants = draft({
    variants: [
      { name: 'Colour', options: 'Red\nBlue', pictures: {} },
      { name: ' ', options: '\n', pictures: {} }, // a blank row is dropped
    ],
    paths: {
      '0': { prices: { SG: '10.00' }, stock: '3' },
      '1': { prices: { SG: '12.00', JP: '1300' }, stock: '' },
      '7': { prices: { SG: '99.00' }, stock: '9' }, // no longer a path: ignored
    },
  });

  it('sends every path with its prices and stock, and the lowest price as the product’s', () => {
    const result = draftToInput(withVariants, { currencies, saved: null });
    expect(result.ok && result.input).toMatchObject({
      variants: [{ name: 'Colour', options: ['Red', 'Blue'] }],
      variantPaths: { '0': { price: { SG: 1000 }, stock: 3 }, '1': { price: { SG: 1200, JP: 1300 }, stock: 0 } },
      price: { SG: 1000, JP: 1300 },
    });
    expect(result.ok && 'stock' in result.input).toBe(false);
  });

  it('keeps a product price typed by staff', () => {
    const result = draftToInput({ ...withVariants, prices: { SG: '11.00' } }, { currencies, saved: null });
    expect(result.ok && result.input.price).toEqual({ SG: 1100, JP: 1300 });
  });

  it('asks for a name and options, and options that differ', () => {
    const result = draftToInput(
      draft({
        variants: [
          { name: 'Colour', options: '', pictures: {} },
          { name: '', options: 'S', pictures: {} },
          { name: 'Fit', options: 'Slim\nSlim', pictures: {} },
        ],
      }),
      { currencies, saved: null },
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        'variants.0.options': 'Give this variant at least one option',
        'variants.1.name': 'Name this variant, for example Colour',
        'variants.2.options': 'Each option must have a name of its own',
      },
    });
  });
});

describe('editing a saved product', () => {
  it('reads the product into the form in major units', () => {
    const form = productToDraft(saved, currencies);
    expect(form).toMatchObject({
      name: 'Linen shirt',
      paramName: 'linen-shirt',
      categoryId: '33333333-3333-4333-8333-333333333333',
      merchantId: '22222222-2222-4222-8222-222222222222',
      weight: '250',
      prices: { SG: '29.90', JP: '3200' },
      variants: [
        { name: 'Colour', options: 'White\nBlue', pictures: { White: 'white.jpg' } },
        { name: 'Size', options: 'M', pictures: {} },
      ],
      paths: { '0/0': { prices: { SG: '29.90', JP: '3200' }, stock: '4' }, '1/0': { prices: { SG: '34.90' }, stock: '0' } },
      images: 'shirt.jpg\nwhite.jpg',
    });
  });

  it('round-trips: no stock for saved paths, stock for a new one, the version, the option pictures', () => {
    const form = productToDraft(saved, currencies);
    form.variants[1]!.options = 'M\nL';
    form.paths['0/1'] = { prices: { SG: '29.90' }, stock: '5' };
    form.paths['1/1'] = { prices: { JP: '3500' }, stock: '' };
    form.disabled = true;
    const result = draftToInput(form, { currencies, saved, version: 6 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input).toMatchObject({
      paramName: 'linen-shirt',
      version: 6,
      disabled: true,
      price: { SG: 2990, JP: 3200 },
      variants: [
        { name: 'Colour', options: ['White', 'Blue'], images: ['white.jpg', null] },
        { name: 'Size', options: ['M', 'L'] },
      ],
    });
    expect(result.input.variantPaths).toEqual({
      '0/0': { price: { SG: 2990, JP: 3200 } },
      '0/1': { price: { SG: 2990 }, stock: 5 },
      '1/0': { price: { SG: 3490 } },
      '1/1': { price: { JP: 3500 }, stock: 0 },
    });
    expect('stock' in result.input).toBe(false);
  });

  it('drops a picture whose option is gone', () => {
    const form = productToDraft(saved, currencies);
    form.variants[0]!.options = 'Cream\nBlue';
    expect(draftVariants(form)[0]).toEqual({ name: 'Colour', options: ['Cream', 'Blue'] });
  });
});

describe('saveErrors', () => {
  it("puts the API's field problems and a taken URL name beside their fields", () => {
    const invalid = new ApiError(
      {
        errorCode: 'product/invalid_prices',
        error: 'Every price must be…',
        params: [{ field: 'price', errorCode: 'product/invalid_prices', error: 'Every price must be…' }],
      },
      400,
      '/admin/product',
    );
    expect(saveErrors(invalid)).toEqual({ price: 'Every price must be…' });
    const taken = new ApiError(
      { errorCode: 'product/param_name_taken', error: 'Another product already uses this URL name', params: [] },
      409,
      '/admin/product',
    );
    expect(saveErrors(taken)).toEqual({ paramName: 'Another product already uses this URL name' });
  });
});
