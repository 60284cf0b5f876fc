import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pan, phone } from '../product/test-fixtures';
import {
  currentPathCountry,
  setAnalyticsEndpoint,
  trackAddToCart,
  trackAddToWishlist,
  trackRemoveFromCart,
  trackViewCart,
} from './analytics';

let dataLayer: unknown[] | undefined;
let pathname = '/product/pixel-8a-73';

beforeEach(() => {
  dataLayer = undefined;
  pathname = '/product/pixel-8a-73';
  vi.stubGlobal('window', {
    get dataLayer() {
      return dataLayer;
    },
    set dataLayer(value: unknown[] | undefined) {
      dataLayer = value;
    },
    get location() {
      return { href: `https://shop.example${pathname}`, pathname };
    },
  });
  vi.stubGlobal('navigator', { sendBeacon: vi.fn(() => true) });
  setAnalyticsEndpoint(undefined);
});
afterEach(() => vi.unstubAllGlobals());

const phoneItem = {
  item_id: phone().uuid,
  item_name: phone().name,
  item_brand: 'Lion City Tech',
  item_category: 'Phones',
  item_variant: '1 TB / Mint',
  price: 1699,
  quantity: 2,
};

describe('cart analytics (rules: money.md, GA4 e-commerce)', () => {
  it('add_to_cart carries currency, value of the units added, the item and the country of the first path segment', () => {
    pathname = '/sg/product/pixel-8a-73';
    trackAddToCart({ product: phone(), variantPath: '1/1', quantity: 2 }, 'SG');
    expect(dataLayer).toEqual([{ event: 'add_to_cart', currency: 'SGD', value: 3398, items: [phoneItem], country_code: 'SG' }]);
  });

  it('add_to_cart has no country when the first path segment is not a country', () => {
    trackAddToCart({ product: pan(), variantPath: '', quantity: 1 }, 'JP');
    expect(dataLayer).toEqual([
      {
        event: 'add_to_cart',
        currency: 'JPY',
        value: 8880,
        items: [{ item_id: pan().uuid, item_name: 'Frying Pan', price: 8880, quantity: 1 }],
      },
    ]);
  });

  it('the country is read from the address: upper case, and route names are not countries', () => {
    pathname = '/my/cart';
    expect(currentPathCountry()).toBe('MY');
    pathname = '/cart';
    expect(currentPathCountry()).toBeNull();
  });

  it('remove_from_cart reports the line removed with its quantity', () => {
    trackRemoveFromCart({ product: phone(), variantPath: '1/1', quantity: 2 }, 'SG');
    expect(dataLayer).toEqual([{ event: 'remove_from_cart', currency: 'SGD', value: 3398, items: [phoneItem] }]);
  });

  it('view_cart lists every line with its position and the total', () => {
    trackViewCart(
      [
        { product: phone(), variantPath: '1/1', quantity: 2 },
        { product: pan(), variantPath: '', quantity: 3 },
      ],
      'SG',
    );
    expect(dataLayer).toEqual([
      {
        event: 'view_cart',
        currency: 'SGD',
        value: 3628.7,
        items: [
          { ...phoneItem, index: 0 },
          { item_id: pan().uuid, item_name: 'Frying Pan', price: 76.9, quantity: 3, index: 1 },
        ],
      },
    ]);
  });

  it('view_cart of an empty cart has no items and no value', () => {
    trackViewCart([], 'SG');
    expect(dataLayer).toEqual([{ event: 'view_cart', items: [] }]);
  });

  it('add_to_wishlist reports one unit of the product (its lowest price without a variant)', () => {
    trackAddToWishlist(phone(), 'SG');
    expect(dataLayer).toEqual([
      {
        event: 'add_to_wishlist',
        currency: 'SGD',
        value: 1129,
        items: [
          {
            item_id: phone().uuid,
            item_name: phone().name,
            item_brand: 'Lion City Tech',
            item_category: 'Phones',
            price: 1129,
            quantity: 1,
          },
        ],
      },
    ]);
  });
});
