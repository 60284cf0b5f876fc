import { describe, expect, it } from 'vitest';
import { formatMoney } from '@kedai/domain';
import { displayPrice } from './price';

const product = {
  price: { SG: 1250, JP: 1500 },
  priceRange: { SG: { min: 1250, max: 1990 }, JP: { min: 1500, max: 1500 } },
  priceCurrency: { SG: 'SGD', JP: 'JPY' },
};

describe('displayPrice', () => {
  it('prefixes "From " when the variants have different prices', () => {
    expect(displayPrice(product, 'SG')).toEqual({
      amount: formatMoney(1250, 'SGD'),
      from: true,
      label: `From ${formatMoney(1250, 'SGD')}`,
    });
  });

  it('shows a single price when min equals max', () => {
    expect(displayPrice(product, 'JP')).toEqual({ amount: formatMoney(1500, 'JPY'), from: false, label: formatMoney(1500, 'JPY') });
  });

  it('falls back to the plain price when the range lacks the region', () => {
    const result = displayPrice({ ...product, priceRange: {} }, 'SG');
    expect(result?.from).toBe(false);
    expect(result?.amount).toBe(formatMoney(1250, 'SGD'));
  });

  it('returns null when the product is not sold in the region or its currency is unusable', () => {
    expect(displayPrice(product, 'US')).toBeNull();
    expect(displayPrice({ ...product, priceCurrency: { SG: 'NOT-A-CODE' } }, 'SG')).toBeNull();
  });
});
