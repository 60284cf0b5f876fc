import { describe, expect, it } from 'vitest';
import { linesSubtotal, orderCosts, type OrderCosts, type OrderCostsInput } from './checkout';
import type { TaxRule } from './tax';

const gst: TaxRule = { rateBp: 900, inclusive: false, name: 'GST' };
const japanTax: TaxRule = { rateBp: 1000, inclusive: true, name: 'Consumption tax' };
const singapore = { fee: 400, freeFrom: 6000 };
const japan = { fee: 800, freeFrom: 5000 };

const sgd = (lines: OrderCostsInput['lines'], discount = 0): OrderCostsInput => ({
  currency: 'SGD',
  lines,
  discount,
  shippingRate: singapore,
  tax: gst,
});
const jpy = (lines: OrderCostsInput['lines'], discount = 0): OrderCostsInput => ({
  currency: 'JPY',
  lines,
  discount,
  shippingRate: japan,
  tax: japanTax,
});

describe('orderCosts', () => {
  it.each<[string, OrderCostsInput, Omit<OrderCosts, 'currency'>]>([
    [
      'SGD, GST 9 % on top, free shipping from SGD 60.00',
      sgd([
        { unitPrice: 1999, quantity: 2 },
        { unitPrice: 4500, quantity: 1 },
      ]),
      { subtotal: 8498, shipping: 0, discount: 0, tax: 765, taxInclusive: false, total: 9263 }, // 764.82 -> 765
    ],
    [
      'SGD below the threshold pays the fee, and GST on it',
      sgd([{ unitPrice: 650, quantity: 1 }]),
      { subtotal: 650, shipping: 400, discount: 0, tax: 95, taxInclusive: false, total: 1145 }, // 94.5 -> 95
    ],
    [
      'SGD over the threshold before the discount, under it after: the fee is charged',
      sgd([{ unitPrice: 6500, quantity: 1 }], 1000),
      { subtotal: 6500, shipping: 400, discount: 1000, tax: 531, taxInclusive: false, total: 6431 },
    ],
    [
      'SGD exactly at the threshold after the discount: free',
      sgd([{ unitPrice: 3500, quantity: 2 }], 1000),
      { subtotal: 7000, shipping: 0, discount: 1000, tax: 540, taxInclusive: false, total: 6540 },
    ],
    [
      'a discount equal to the subtotal still pays shipping and its tax',
      sgd([{ unitPrice: 1000, quantity: 2 }], 2000),
      { subtotal: 2000, shipping: 400, discount: 2000, tax: 36, taxInclusive: false, total: 436 },
    ],
    [
      'a discount above the subtotal is capped at it',
      sgd([{ unitPrice: 1000, quantity: 2 }], 5000),
      { subtotal: 2000, shipping: 400, discount: 2000, tax: 36, taxInclusive: false, total: 436 },
    ],
    [
      'no lines: nothing to pay, not even shipping',
      sgd([], 500),
      { subtotal: 0, shipping: 0, discount: 0, tax: 0, taxInclusive: false, total: 0 },
    ],
    [
      'JPY (no decimals) with 10 % inside the prices: tax only reported',
      jpy([{ unitPrice: 1100, quantity: 3 }], 330),
      { subtotal: 3300, shipping: 800, discount: 330, tax: 343, taxInclusive: true, total: 3770 }, // 342.7 -> 343
    ],
    [
      'JPY over the threshold after the discount: free, 10 % inside',
      jpy([{ unitPrice: 2750, quantity: 2 }], 0),
      { subtotal: 5500, shipping: 0, discount: 0, tax: 500, taxInclusive: true, total: 5500 },
    ],
    [
      'JPY under the threshold after the discount',
      jpy([{ unitPrice: 2750, quantity: 2 }], 501),
      { subtotal: 5500, shipping: 800, discount: 501, tax: 527, taxInclusive: true, total: 5799 }, // 527.18 -> 527
    ],
    [
      'a discount equal to a JPY subtotal',
      jpy([{ unitPrice: 1500, quantity: 1 }], 1500),
      { subtotal: 1500, shipping: 800, discount: 1500, tax: 73, taxInclusive: true, total: 800 }, // 72.7 -> 73
    ],
    [
      'no tax set for the country',
      { ...sgd([{ unitPrice: 1234, quantity: 1 }]), tax: null },
      { subtotal: 1234, shipping: 400, discount: 0, tax: 0, taxInclusive: false, total: 1634 },
    ],
    [
      'a rate that is always free',
      { ...sgd([{ unitPrice: 1000, quantity: 1 }]), shippingRate: { fee: 0, freeFrom: null } },
      { subtotal: 1000, shipping: 0, discount: 0, tax: 90, taxInclusive: false, total: 1090 },
    ],
    [
      'a rate that is never free',
      { ...sgd([{ unitPrice: 100_000, quantity: 10 }]), shippingRate: { fee: 1800, freeFrom: null } },
      { subtotal: 1_000_000, shipping: 1800, discount: 0, tax: 90_162, taxInclusive: false, total: 1_091_962 },
    ],
  ])('%s', (_, input, costs) => {
    expect(orderCosts(input)).toEqual({ currency: input.currency, ...costs });
  });

  it('answers integers only', () => {
    const costs = orderCosts(sgd([{ unitPrice: 333, quantity: 7 }], 17));
    for (const amount of [costs.subtotal, costs.shipping, costs.discount, costs.tax, costs.total])
      expect(Number.isSafeInteger(amount)).toBe(true);
  });

  it.each<[string, OrderCostsInput]>([
    ['a negative discount', sgd([{ unitPrice: 100, quantity: 1 }], -1)],
    ['a fractional discount', sgd([{ unitPrice: 100, quantity: 1 }], 0.5)],
    ['a negative unit price', sgd([{ unitPrice: -100, quantity: 1 }])],
    ['a fractional unit price', sgd([{ unitPrice: 10.5, quantity: 1 }])],
    ['a quantity of 0', sgd([{ unitPrice: 100, quantity: 0 }])],
    ['a subtotal past safe integers', sgd([{ unitPrice: Number.MAX_SAFE_INTEGER, quantity: 2 }])],
  ])('refuses %s', (_, input) => {
    expect(() => orderCosts(input)).toThrow(RangeError);
  });
});

describe('linesSubtotal', () => {
  it.each([
    [[], 0],
    [[{ unitPrice: 1999, quantity: 3 }], 5997],
    [
      [
        { unitPrice: 0, quantity: 4 },
        { unitPrice: 250, quantity: 2 },
      ],
      500,
    ],
  ])('%j -> %i', (lines, subtotal) => {
    expect(linesSubtotal(lines, 'SGD')).toBe(subtotal);
  });
});
