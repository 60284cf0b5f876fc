import { describe, expect, it } from 'vitest';
import { mergeVariantPaths, slugify, validateProductDraft, type ProductDraftInput } from './product-input';

const REGIONS = ['SG', 'MY'];

function draft(overrides: Partial<ProductDraftInput> = {}): ProductDraftInput {
  return {
    name: '  Kopi Tin  ',
    description: 'Roasted in Ipoh.',
    categoryId: null,
    merchantId: null,
    sourceMarketPlace: null,
    sourceUrl: null,
    weight: 500,
    price: { SG: 1290 },
    variants: [],
    variantPaths: {},
    stock: 12,
    images: ['products/kopi-1.svg'],
    disabled: false,
    ...overrides,
  };
}

const problems = (input: ProductDraftInput) => {
  const result = validateProductDraft(input, REGIONS);
  return result.ok ? [] : result.problems.map((p) => [p.field, p.errorCode]);
};

describe('a product as staff save it', () => {
  it('is normalised, with a URL name made from the name when none is given', () => {
    const result = validateProductDraft(draft(), REGIONS);
    expect(result).toMatchObject({ ok: true, value: { name: 'Kopi Tin', paramName: 'kopi-tin', stock: 12, sourceUrl: null } });
    expect(slugify('Café & Crème 2')).toBe('cafe-and-creme-2');
  });

  it('needs every full combination of options priced, and no other', () => {
    const variants = [
      { name: 'Size', options: ['S', 'M'] },
      { name: 'Colour', options: ['Red'] },
    ];
    const paths = { '0/0': { price: { SG: 100 }, stock: 3 }, '1/0': { price: { SG: 120 } } };
    expect(problems(draft({ variants, variantPaths: paths, stock: undefined }))).toEqual([]);
    expect(problems(draft({ variants, variantPaths: { '0/0': paths['0/0'] }, stock: undefined }))).toEqual([
      ['variantPaths', 'product/invalid_prices'],
    ]);
    expect(problems(draft({ variants, variantPaths: { ...paths, '2/0': { price: { SG: 1 } } }, stock: undefined }))).toEqual([
      ['variantPaths', 'product/invalid_prices'],
    ]);
    expect(problems(draft({ variants, variantPaths: { ...paths, '1/0': { price: { SG: 0 } } }, stock: undefined }))).toEqual([
      ['variantPaths', 'product/invalid_prices'],
    ]);
    expect(problems(draft({ variants, variantPaths: { ...paths, '1/0': { price: { SG: 5 }, stock: -1 } }, stock: undefined }))).toEqual([
      ['stock', 'product/invalid_stock'],
    ]);
    // A product with variants keeps its stock on the paths.
    expect(problems(draft({ variants, variantPaths: paths, stock: 4 }))).toEqual([['stock', 'product/invalid_stock']]);
  });

  it('refuses variants without a name, with repeated options or too many', () => {
    expect(problems(draft({ variants: [{ name: '', options: ['A'] }] }))).toEqual([['variants', 'product/invalid_variants']]);
    expect(problems(draft({ variants: [{ name: 'Size', options: ['M', 'm'] }] }))).toEqual([['variants', 'product/invalid_variants']]);
    expect(problems(draft({ variants: [1, 2, 3, 4].map((n) => ({ name: `V${n}`, options: ['A'] })) }))).toEqual([
      ['variants', 'product/invalid_variants'],
    ]);
  });

  it('says every problem at once, in form order', () => {
    expect(
      problems(
        draft({
          name: '',
          paramName: 'Not A Slug',
          weight: -1,
          price: { XX: 100 },
          images: ['../etc/passwd.png'],
          sourceMarketPlace: 'Shopee',
          sourceUrl: 'javascript:alert(1)',
          categoryId: 'nope',
        }),
      ),
    ).toEqual([
      ['name', 'product/invalid_name'],
      ['paramName', 'product/invalid_param_name'],
      ['categoryId', 'product/unknown_category'],
      ['source', 'product/invalid_source'],
      ['weight', 'product/invalid_weight'],
      ['price', 'product/invalid_prices'],
      ['images', 'product/invalid_images'],
    ]);
  });

  it('keeps the stock of paths that stay when an edit changes the options', () => {
    const stored = { '0': { price: { SG: 1 }, stock: 7 }, '1': { price: { SG: 1 }, stock: 2 } };
    expect(mergeVariantPaths({ '0': { price: { SG: 5 } }, '2': { price: { SG: 6 }, stock: 9 } }, stored)).toEqual({
      '0': { price: { SG: 5 }, stock: 7 },
      '2': { price: { SG: 6 }, stock: 9 },
    });
  });
});
