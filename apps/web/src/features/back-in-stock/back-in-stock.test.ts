import { describe, expect, it } from 'vitest';
import { backInStockPath } from './back-in-stock';

const entry = (stock: number) => ({ price: { SG: 100 }, stock });
const plain = { variants: [], variantPaths: {}, stock: 0 };
const varied = {
  variants: [{ name: 'Size', options: ['S', 'M'] }],
  variantPaths: { '0': entry(0), '1': entry(2) },
  stock: 0,
};

describe('what a shopper can wait for', () => {
  it('a sold-out product without variants, as a whole', () => {
    expect(backInStockPath(plain, '')).toBe('');
    expect(backInStockPath({ ...plain, stock: 1 }, '')).toBeNull();
  });

  it('the chosen variant when it is sold out', () => {
    expect(backInStockPath(varied, '0')).toBe('0');
    expect(backInStockPath(varied, '1')).toBeNull();
  });

  it('with no variant chosen: the whole product only when every variant is sold out', () => {
    expect(backInStockPath(varied, null)).toBeNull();
    expect(backInStockPath({ ...varied, variantPaths: { '0': entry(0), '1': entry(0) } }, null)).toBe('');
  });
});
