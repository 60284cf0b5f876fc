import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '@kedai/contract';
import { productForRegion } from './list-item';

const product: ProductSummary = {
  uuid: '00000000-0000-4000-8000-000000000001',
  paramName: 'kettle-1',
  name: 'Kettle',
  price: { SG: 1250, JP: 1500 },
  priceRange: { SG: { min: 1250, max: 1990 }, JP: { min: 1500, max: 1500 } },
  priceCurrency: { SG: 'SGD', JP: 'JPY' },
  mainImage: null,
  inStock: true,
  hasVariants: true,
  sourceMarketPlace: null,
  merchant: null,
  createdAt: 0,
};

describe('productForRegion', () => {
  it('keeps only the prices of the region shown', () => {
    expect(productForRegion(product, 'SG')).toEqual({
      uuid: product.uuid,
      name: 'Kettle',
      merchant: null,
      price: { SG: 1250 },
      priceRange: { SG: { min: 1250, max: 1990 } },
      priceCurrency: { SG: 'SGD' },
    });
  });

  it('keeps only what select_item reports of the merchant', () => {
    const sold = productForRegion({ ...product, merchant: { id: 'm1', slug: 'shop', name: 'Shop' } }, 'SG');
    expect(sold.merchant).toEqual({ name: 'Shop' });
  });

  it('leaves the price maps empty for a region the product is not sold in', () => {
    const trimmed = productForRegion(product, 'US');
    expect(trimmed.price).toEqual({});
    expect(trimmed.priceCurrency).toEqual({});
    expect(trimmed.name).toBe('Kettle');
  });
});
