import type { Product, ProductSummary } from '@kedai/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  analyticsEndpoint,
  pageView,
  popupClicked,
  popupShown,
  searchEvent,
  selectItem,
  setAnalyticsEndpoint,
  toGa4Item,
  track,
  viewItem,
} from './analytics';

const summary: ProductSummary = {
  uuid: '11111111-1111-4111-8111-111111111111',
  paramName: 'kopi-beans',
  name: 'Kopi beans',
  price: { SG: 1250, JP: 1500 },
  priceRange: { SG: { min: 1250, max: 1250 }, JP: { min: 1500, max: 1500 } },
  priceCurrency: { SG: 'SGD', JP: 'JPY' },
  mainImage: null,
  inStock: true,
  hasVariants: false,
  sourceMarketPlace: null,
  merchant: { id: '22222222-2222-4222-8222-222222222222', slug: 'roastery', name: 'The Roastery' },
  createdAt: 1_700_000_000,
};

const phone: Product = {
  ...summary,
  uuid: '33333333-3333-4333-8333-333333333333',
  paramName: 'phone',
  name: 'Phone',
  price: { SG: 99_900 },
  priceRange: { SG: { min: 99_900, max: 129_900 } },
  priceCurrency: { SG: 'SGD' },
  hasVariants: true,
  merchant: null,
  description: '',
  variants: [
    { name: 'Colour', options: ['Black', 'Silver'] },
    { name: 'Storage', options: ['128 GB', '256 GB'] },
  ],
  variantPaths: {
    '0/0': { price: { SG: 99_900 }, stock: 3 },
    '1/1': { price: { SG: 129_900 }, stock: 0 },
  },
  stock: 0,
  images: [],
  sourceUrl: null,
  category: { id: '44444444-4444-4444-8444-444444444444', name: 'Phones', path: 'electronics.phones' },
  disabled: false,
  weight: 200,
};

let dataLayer: unknown[] | undefined;
const sendBeacon = vi.fn(() => true);

beforeEach(() => {
  dataLayer = undefined;
  vi.stubGlobal('window', {
    get dataLayer() {
      return dataLayer;
    },
    set dataLayer(value: unknown[] | undefined) {
      dataLayer = value;
    },
    location: { href: 'https://shop.example/sg/search?q=kopi' },
  });
  vi.stubGlobal('navigator', { sendBeacon });
  sendBeacon.mockClear();
  setAnalyticsEndpoint(undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('track', () => {
  it('creates window.dataLayer and pushes {event, ...params}', () => {
    track('custom_event', { a: 1, b: 'two', skipped: undefined, kept: null });
    expect(dataLayer).toEqual([{ event: 'custom_event', a: 1, b: 'two', kept: null }]);
  });

  it('appends to an existing dataLayer', () => {
    dataLayer = [{ event: 'gtm.js' }];
    track('x');
    expect(dataLayer).toEqual([{ event: 'gtm.js' }, { event: 'x' }]);
  });

  it('does nothing on the server', () => {
    vi.unstubAllGlobals();
    expect(() => track('x', { a: 1 })).not.toThrow();
    expect(dataLayer).toBeUndefined();
  });

  it('sends no beacon when no analytics_endpoint is configured', () => {
    track('x');
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('sends a JSON beacon to the configured endpoint, an API path going through the /api proxy', async () => {
    setAnalyticsEndpoint('/analytics/collect');
    expect(analyticsEndpoint()).toBe('/api/analytics/collect');
    track('search', { search_term: 'kopi' });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/analytics/collect');
    expect(body.type).toBe('application/json');
    expect(JSON.parse(await body.text())).toMatchObject({ event: 'search', search_term: 'kopi', timestamp: expect.any(Number) });
  });

  it('uses an absolute endpoint as it is, and turns sending off for empty values', () => {
    setAnalyticsEndpoint('https://collect.example/e');
    expect(analyticsEndpoint()).toBe('https://collect.example/e');
    setAnalyticsEndpoint('');
    expect(analyticsEndpoint()).toBeNull();
    setAnalyticsEndpoint(42);
    expect(analyticsEndpoint()).toBeNull();
  });

  it('never throws when the beacon fails', () => {
    setAnalyticsEndpoint('/collect');
    sendBeacon.mockImplementationOnce(() => {
      throw new Error('blocked');
    });
    expect(() => track('x')).not.toThrow();
    expect(dataLayer).toHaveLength(1);
  });
});

describe('toGa4Item', () => {
  it('maps a product summary, price in major units of the region currency', () => {
    expect(toGa4Item(summary, { region: 'SG', index: 2, listName: 'Search results' })).toEqual({
      item_id: summary.uuid,
      item_name: 'Kopi beans',
      item_brand: 'The Roastery',
      price: 12.5,
      quantity: 1,
      index: 2,
      item_list_name: 'Search results',
    });
  });

  it('uses 0 decimals for JPY (rules: money.md)', () => {
    expect(toGa4Item(summary, { region: 'JP' }).price).toBe(1500);
  });

  it("takes a variant's price, names its options and the category", () => {
    expect(toGa4Item(phone, { region: 'SG', variantPath: '1/1', quantity: 2 })).toEqual({
      item_id: phone.uuid,
      item_name: 'Phone',
      item_category: 'Phones',
      item_variant: 'Silver / 256 GB',
      price: 1299,
      quantity: 2,
    });
  });

  it('falls back to the lowest price without a variant, and leaves out a price the region lacks', () => {
    expect(toGa4Item(phone, { region: 'SG' }).price).toBe(999);
    expect(toGa4Item(phone, { region: 'MY' })).not.toHaveProperty('price');
  });
});

describe('e-commerce events', () => {
  it('view_item carries currency, value and the item', () => {
    viewItem(phone, 'SG', '0/0');
    expect(dataLayer).toEqual([
      {
        event: 'view_item',
        currency: 'SGD',
        value: 999,
        items: [
          {
            item_id: phone.uuid,
            item_name: 'Phone',
            item_category: 'Phones',
            item_variant: 'Black / 128 GB',
            price: 999,
            quantity: 1,
          },
        ],
      },
    ]);
  });

  it('select_item carries the list name and the index', () => {
    selectItem(summary, 'SG', 'New arrivals', 0);
    expect(dataLayer).toEqual([
      {
        event: 'select_item',
        item_list_name: 'New arrivals',
        items: [
          {
            item_id: summary.uuid,
            item_name: 'Kopi beans',
            item_brand: 'The Roastery',
            price: 12.5,
            quantity: 1,
            index: 0,
            item_list_name: 'New arrivals',
          },
        ],
      },
    ]);
  });

  it('search carries the search term', () => {
    searchEvent('lapton');
    expect(dataLayer).toEqual([{ event: 'search', search_term: 'lapton' }]);
  });

  it('popup shown and clicked carry the popup id and name (and link)', () => {
    popupShown({ id: 'p1', name: 'Welcome' });
    popupClicked({ id: 'p1', name: 'Welcome', link: '/search?q=tea' });
    popupClicked({ id: 'p2', name: 'No link', link: null });
    expect(dataLayer).toEqual([
      { event: 'popup_shown', popup_id: 'p1', popup_name: 'Welcome' },
      { event: 'popup_clicked', popup_id: 'p1', popup_name: 'Welcome', link_url: '/search?q=tea' },
      { event: 'popup_clicked', popup_id: 'p2', popup_name: 'No link' },
    ]);
  });

  it('page_view carries path, location and the country code (null when unknown)', () => {
    pageView('/sg/search?q=kopi', 'sg');
    pageView('/cart');
    expect(dataLayer).toEqual([
      {
        event: 'page_view',
        page_path: '/sg/search?q=kopi',
        page_location: 'https://shop.example/sg/search?q=kopi',
        country_code: 'SG',
      },
      { event: 'page_view', page_path: '/cart', page_location: 'https://shop.example/sg/search?q=kopi', country_code: null },
    ]);
  });
});
