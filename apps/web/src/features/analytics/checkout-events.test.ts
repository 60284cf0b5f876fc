import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { order } from '../checkout/test-fixtures';
import { setAnalyticsEndpoint, trackAddShippingInfo, trackBeginCheckout, trackPurchase, type AnalyticsCheckout } from './analytics';

let dataLayer: unknown[] | undefined;

beforeEach(() => {
  dataLayer = undefined;
  vi.stubGlobal('window', {
    get dataLayer() {
      return dataLayer;
    },
    set dataLayer(value: unknown[] | undefined) {
      dataLayer = value;
    },
    location: { href: 'https://shop.example/checkout/k', pathname: '/checkout/k' },
  });
  vi.stubGlobal('navigator', { sendBeacon: vi.fn(() => true) });
  setAnalyticsEndpoint(undefined);
});
afterEach(() => vi.unstubAllGlobals());

const checkout: AnalyticsCheckout = {
  currency: 'SGD',
  value: 355480,
  coupon: null,
  lines: [
    { id: 'phone-uuid', name: 'Pixel 8a', variant: '1 TB / Mint', unitPrice: 169900, quantity: 2 },
    { id: 'pan-uuid', name: 'Frying Pan', variant: '', unitPrice: 7840, quantity: 2 },
  ],
};

const items = [
  { item_id: 'phone-uuid', item_name: 'Pixel 8a', item_variant: '1 TB / Mint', price: 1699, quantity: 2, index: 0 },
  { item_id: 'pan-uuid', item_name: 'Frying Pan', price: 78.4, quantity: 2, index: 1 },
];

describe('checkout analytics (spec §9, GA4 e-commerce)', () => {
  it('begin_checkout carries the currency, the value in major units and every line', () => {
    trackBeginCheckout(checkout);
    expect(dataLayer).toEqual([{ event: 'begin_checkout', currency: 'SGD', value: 3554.8, items }]);
  });

  it('begin_checkout in a currency without decimals, one line (no index), a line without a price has none', () => {
    trackBeginCheckout({
      currency: 'JPY',
      value: 8880,
      lines: [{ id: 'q1', name: 'Studio Headphones X2', unitPrice: null, quantity: 1 }],
    });
    expect(dataLayer).toEqual([
      { event: 'begin_checkout', currency: 'JPY', value: 8880, items: [{ item_id: 'q1', item_name: 'Studio Headphones X2', quantity: 1 }] },
    ]);
  });

  it('add_shipping_info carries the voucher, the shipping tier and the country shipped to', () => {
    trackAddShippingInfo({ ...checkout, value: 354480, coupon: 'WELCOME10' }, 'JP');
    expect(dataLayer).toEqual([
      {
        event: 'add_shipping_info',
        currency: 'SGD',
        value: 3544.8,
        coupon: 'WELCOME10',
        items,
        shipping_tier: 'standard',
        shipping_country: 'JP',
      },
    ]);
  });

  it('purchase names the order by its reference, with the total, shipping, tax, voucher and the lines as bought', () => {
    trackPurchase(order());
    expect(dataLayer).toEqual([
      {
        event: 'purchase',
        transaction_id: 'KD-261125-7Q4M9X',
        currency: 'SGD',
        value: 3872.55,
        tax: 319.75,
        shipping: 8,
        coupon: 'WELCOME10',
        items: [
          {
            item_id: order().productCaptures[0]!.productId,
            item_name: 'Pixel 8a',
            item_variant: '1 TB / Mint',
            price: 1699,
            quantity: 2,
            index: 0,
          },
          { item_id: order().productCaptures[1]!.productId, item_name: 'Frying Pan', price: 78.4, quantity: 2, index: 1 },
        ],
      },
    ]);
  });

  it('purchase has no tax when the tax fee is zero (spec §9), and no coupon without a voucher', () => {
    trackPurchase(order({ taxFee: 0, taxName: null, voucherCode: null, discount: 0, total: 356280 }));
    const [event] = dataLayer as Record<string, unknown>[];
    expect(event).not.toHaveProperty('tax');
    expect(event).not.toHaveProperty('coupon');
    expect(event).toMatchObject({ event: 'purchase', value: 3562.8, shipping: 8 });
  });

  it('purchase reports a quoted marketplace product by its quotation item', () => {
    const quoted = order({
      productCaptures: [
        {
          ...order().productCaptures[0]!,
          source: 'quotation',
          productId: null,
          quotationItemId: 'qqqqqqqq-0000-4000-8000-000000000001',
          name: 'Studio Headphones X2',
          options: [],
          sourceMarketPlace: 'Fixture Mall',
          quantity: 1,
          unitPrice: 15900,
          lineTotal: 15900,
        },
      ],
    });
    trackPurchase(quoted);
    expect((dataLayer as { items: unknown[] }[])[0]!.items).toEqual([
      { item_id: 'qqqqqqqq-0000-4000-8000-000000000001', item_name: 'Studio Headphones X2', price: 159, quantity: 1 },
    ]);
  });
});
