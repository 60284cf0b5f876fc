import { describe, expect, it } from 'vitest';
import { REGIONS, SHIRT, marketplaceItem, shopItem } from './fixtures';
import {
  foundPriceText,
  moneyText,
  picturesOf,
  productLine,
  productPricesNow,
  productStockNow,
  quotedLines,
  shopperText,
  variantText,
} from './quotation-view';

describe('how a quotation item is shown', () => {
  it('names a marketplace product with its marketplace, and a shop product with its variant', () => {
    expect(productLine(marketplaceItem())).toEqual({ name: 'Wireless earbuds', detail: 'from Example Market' });
    expect(productLine(shopItem())).toEqual({ name: 'Linen shirt', detail: 'Colour: Indigo · Size: L' });
    expect(productLine(shopItem({ productSourceData: { productId: SHIRT.uuid, variantPath: '' } }))).toEqual({
      name: 'Linen shirt',
      detail: null,
    });
    expect(productLine(shopItem({ product: null, name: 'Old mug' }))).toEqual({ name: 'Old mug', detail: 'no longer in the shop' });
  });

  it('reads a variant path against the product, and says so when it no longer fits', () => {
    expect(variantText(SHIRT, '0/1')).toBe('Colour: White · Size: M');
    expect(variantText(SHIRT, '')).toBe('');
    expect(variantText(SHIRT, '5/0')).toBe('Variant 5/0');
    expect(variantText(SHIRT, '0')).toBe('Variant 0');
    expect(variantText(null, '0/1')).toBe('Variant 0/1');
  });

  it('shows the price as the page gave it, with its currency first', () => {
    expect(foundPriceText({ price: '129.90', currency: 'USD' })).toBe('USD 129.90');
    expect(foundPriceText({ price: '15', currency: null })).toBe('15');
    expect(foundPriceText({ price: '1,299', currency: 'idr' })).toBe('IDR 1,299');
    expect(foundPriceText({ price: null, currency: 'USD' })).toBeNull();
    expect(moneyText(12950, 'SGD')).toBe('SGD 129.50');
    expect(moneyText(1500, 'JPY')).toBe('JPY 1500');
  });

  it('shows https pictures, only links http ones, and drops anything else', () => {
    expect(picturesOf(marketplaceItem().externalProduct!)).toEqual({
      shown: ['https://img.shop.example/earbuds-1.jpg'],
      linked: ['http://img.shop.example/earbuds-2.jpg'],
    });
  });

  it("gives the shop product's price and stock now for the variant asked for", () => {
    expect(productPricesNow(SHIRT, '1/2', REGIONS)).toEqual([{ key: 'SG', label: 'Singapore (SGD)', text: 'SGD 49.00' }]);
    expect(productPricesNow(SHIRT, '', REGIONS).map((line) => line.text)).toEqual(['SGD 45.00', 'MYR 150.00']);
    expect(productStockNow(SHIRT, '1/2')).toBe(7);
    expect(productStockNow({ ...SHIRT, stock: 4 }, '')).toBe(4);
  });

  it('lists the quote per region in the shop’s order, each and for the quantity', () => {
    const item = marketplaceItem({
      status: 'r',
      quantity: 2,
      statusData: { quotedPrice: { JP: 21000, SG: 19990, XX: 5 }, basePrice: 12990, basePriceCurrency: 'USD' },
    });
    expect(quotedLines(item, REGIONS)).toEqual([
      { key: 'SG', label: 'Singapore (SGD)', text: 'SGD 199.90 each, SGD 399.80 for 2' },
      { key: 'JP', label: 'Japan (JPY)', text: 'JPY 21000 each, JPY 42000 for 2' },
      { key: 'XX', label: 'XX', text: '5 in minor units each' },
    ]);
    expect(quotedLines({ ...item, quantity: 1 }, REGIONS)[0]!.text).toBe('SGD 199.90 each');
    expect(quotedLines({ ...item, statusData: null }, REGIONS)).toEqual([]);
  });

  it('names the shopper', () => {
    expect(shopperText({ id: 'x', email: 'siti@example.com', name: 'Siti Rahman' })).toBe('Siti Rahman, siti@example.com');
    expect(shopperText({ id: 'x', email: 'siti@example.com', name: '' })).toBe('siti@example.com');
  });
});
