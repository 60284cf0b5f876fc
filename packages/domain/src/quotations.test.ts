import { describe, expect, it } from 'vitest';
import {
  QUOTATION_INSTRUCTIONS_MAX,
  QUOTATION_STATUS_MESSAGES,
  canChangeQuotationStatus,
  isQuotationItemAvailable,
  isQuotationItemCheckable,
  parseDeclineReason,
  parseHttpLink,
  parseQuotationInstructions,
  parseQuotationName,
  parseQuotationQuantity,
  parseQuotationPricing,
  parseQuotationQuote,
  quotationTypeOf,
  quotedUnitPrice,
  statusAfterShopperEdit,
  suggestQuotedPrice,
  type QuotationLine,
} from './quotations';

describe('quotation status words (states.md)', () => {
  it('are the spec sentences', () => {
    expect(QUOTATION_STATUS_MESSAGES).toEqual({
      p: 'Quoting your product...',
      r: 'Your Quotation is here!',
      d: 'Quotation is unsuccessful.',
    });
  });
});

describe('status transitions', () => {
  it.each([
    ['p', 'r', true],
    ['p', 'd', true],
    ['r', 'p', true],
    ['d', 'p', true],
    ['r', 'd', false],
    ['d', 'r', false],
    ['r', 'r', false],
    ['d', 'd', false],
    ['p', 'p', false],
  ] as const)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canChangeQuotationStatus(from, to)).toBe(allowed);
  });

  it('a shopper edit that changes something sends an answered item back to pending', () => {
    const answered = { status: 'r' as const, quantity: 2, instructions: 'blue' };
    expect(statusAfterShopperEdit(answered, { quantity: 3, instructions: 'blue' })).toBe('p');
    expect(statusAfterShopperEdit(answered, { quantity: 2, instructions: 'red' })).toBe('p');
    expect(statusAfterShopperEdit({ ...answered, status: 'd' }, { quantity: 3, instructions: 'blue' })).toBe('p');
  });

  it('an edit that changes nothing keeps the answer, and a pending item stays pending', () => {
    expect(statusAfterShopperEdit({ status: 'r', quantity: 2, instructions: 'x' }, { quantity: 2, instructions: 'x' })).toBe('r');
    expect(statusAfterShopperEdit({ status: 'p', quantity: 2, instructions: 'x' }, { quantity: 5, instructions: 'x' })).toBe('p');
  });
});

describe('what a shopper sends', () => {
  it('quantities follow the cart: 1..999, numbers or digit strings', () => {
    expect(parseQuotationQuantity(1)).toBe(1);
    expect(parseQuotationQuantity('12')).toBe(12);
    expect(parseQuotationQuantity(999)).toBe(999);
    for (const bad of [0, -1, 1.5, 1000, '1e2', ' 3', '', null, undefined, true]) expect(parseQuotationQuantity(bad)).toBeNull();
  });

  it('instructions are trimmed, may be absent, and are at most the cart note length', () => {
    expect(parseQuotationInstructions(undefined)).toBe('');
    expect(parseQuotationInstructions('  size M  ')).toBe('size M');
    expect(parseQuotationInstructions('x'.repeat(QUOTATION_INSTRUCTIONS_MAX))).toHaveLength(QUOTATION_INSTRUCTIONS_MAX);
    expect(parseQuotationInstructions('x'.repeat(QUOTATION_INSTRUCTIONS_MAX + 1))).toBeNull();
    expect(parseQuotationInstructions(5)).toBeNull();
  });

  it('a product name by hand is 1..200 characters, spaces collapsed', () => {
    expect(parseQuotationName('  Red   kettle ')).toBe('Red kettle');
    expect(parseQuotationName('   ')).toBeNull();
    expect(parseQuotationName('x'.repeat(201))).toBeNull();
    expect(parseQuotationName(undefined)).toBeNull();
  });

  it('links are absolute http(s) addresses of at most 2000 characters', () => {
    expect(parseHttpLink(' https://shop.example/p/1 ')).toBe('https://shop.example/p/1');
    expect(parseHttpLink('http://shop.example/')).toBe('http://shop.example/');
    for (const bad of ['shop.example/p/1', 'ftp://shop.example/', 'javascript:alert(1)', `https://x.example/${'a'.repeat(2000)}`, '', 3]) {
      expect(parseHttpLink(bad)).toBeNull();
    }
  });
});

describe("the shop's answer", () => {
  const regions = ['sg', 'my'];

  it('an external item needs quoted prices for known regions and the marketplace price with its currency', () => {
    expect(parseQuotationQuote({ quotedPrice: { sg: 15900 }, basePrice: 12990, basePriceCurrency: 'USD' }, 'e', regions)).toEqual({
      quotedPrice: { sg: 15900 },
      basePrice: 12990,
      basePriceCurrency: 'USD',
    });
    expect(parseQuotationQuote({ quotedPrice: { sg: 15900 } }, 'e', regions)).toBeNull();
    expect(parseQuotationQuote({ quotedPrice: { sg: 15900 }, basePrice: 12990, basePriceCurrency: 'usd' }, 'e', regions)).toBeNull();
  });

  it('an internal item needs only the quoted prices', () => {
    expect(parseQuotationQuote({ quotedPrice: { sg: 100, my: 300 } }, 'i', regions)).toEqual({
      quotedPrice: { sg: 100, my: 300 },
      basePrice: null,
      basePriceCurrency: null,
    });
  });

  it.each([
    [{ quotedPrice: {} }],
    [{ quotedPrice: { xx: 100 } }],
    [{ quotedPrice: { sg: 0 } }],
    [{ quotedPrice: { sg: 1.5 } }],
    [{ quotedPrice: { sg: '100' } }],
    [{ quotedPrice: [100] }],
    [{ quotedPrice: { sg: 100 }, basePrice: -1, basePriceCurrency: 'USD' }],
    [null],
    ['100'],
  ])('refuses %j', (input) => {
    expect(parseQuotationQuote(input, 'i', regions)).toBeNull();
  });

  it('a decline reason is 1..500 characters', () => {
    expect(parseDeclineReason('  Out of stock at the seller ')).toBe('Out of stock at the seller');
    expect(parseDeclineReason(' ')).toBeNull();
    expect(parseDeclineReason('x'.repeat(501))).toBeNull();
  });

  it('the quoted unit price is read per region', () => {
    const quote = { quotedPrice: { sg: 1200 }, basePrice: null, basePriceCurrency: null };
    expect(quotedUnitPrice(quote, 'sg')).toBe(1200);
    expect(quotedUnitPrice(quote, 'my')).toBeNull();
    expect(quotedUnitPrice(null, 'sg')).toBeNull();
  });
});

describe('checkout of quotation items (states.md)', () => {
  const product = { variants: [], variantPaths: {}, stock: 5, disabled: false };
  const item = (status: QuotationLine['status'], productSource: QuotationLine['productSource'] = 'i'): QuotationLine => ({
    productSource,
    status,
    variantPath: '',
    quantity: 2,
  });

  it('only resolved items can be checked', () => {
    expect(isQuotationItemCheckable(item('r'), product)).toBe(true);
    expect(isQuotationItemCheckable(item('p'), product)).toBe(false);
    expect(isQuotationItemCheckable(item('d'), product)).toBe(false);
  });

  it('an internal item whose product is missing or disabled cannot be checked', () => {
    expect(isQuotationItemCheckable(item('r'), undefined)).toBe(false);
    expect(isQuotationItemCheckable(item('r'), { ...product, disabled: true })).toBe(false);
  });

  it('an external item needs no product of the shop', () => {
    expect(isQuotationItemCheckable(item('r', 'e'), undefined)).toBe(true);
    expect(quotationTypeOf('e')).toBe('external');
    expect(quotationTypeOf('i')).toBe('internal');
  });

  it('availability is the stock check for internal items, always for external ones', () => {
    expect(isQuotationItemAvailable(item('r'), product)).toBe(true);
    expect(isQuotationItemAvailable({ ...item('r'), quantity: 6 }, product)).toBe(false);
    expect(isQuotationItemAvailable(item('r'), undefined)).toBe(false);
    expect(isQuotationItemAvailable(item('r', 'e'), undefined)).toBe(true);
  });
});

describe('suggested quotes (exchange rates and fee)', () => {
  const pricing = { feePercent: 10, exchangeRates: { USD: 1.35, MYR: 0.3, JPY: 0.009 } };

  it('converts through the display currency and adds the fee, rounding up to a whole minor unit', () => {
    // USD 129.90 = SGD 175.365, + 10 % = 192.9015 -> 192.91
    expect(suggestQuotedPrice(12990, 'USD', 'SGD', 'SGD', pricing)).toBe(19291);
    // -> MYR: 175.365 / 0.3 = 584.55, + 10 % = 643.005 -> 643.01
    expect(suggestQuotedPrice(12990, 'USD', 'MYR', 'SGD', pricing)).toBe(64301);
    // -> JPY (no decimals): 175.365 / 0.009 = 19485, + 10 % = 21433.5 -> 21434
    expect(suggestQuotedPrice(12990, 'USD', 'JPY', 'SGD', pricing)).toBe(21434);
    // The display currency to itself: only the fee.
    expect(suggestQuotedPrice(10000, 'SGD', 'SGD', 'SGD', { feePercent: 0, exchangeRates: {} })).toBe(10000);
  });

  it('is null when a currency has no rate', () => {
    expect(suggestQuotedPrice(100, 'EUR', 'SGD', 'SGD', pricing)).toBeNull();
    expect(suggestQuotedPrice(100, 'USD', 'GBP', 'SGD', pricing)).toBeNull();
  });

  it('owners save a fee of 0 to 100 % and positive rates for other three-letter codes', () => {
    expect(parseQuotationPricing({ feePercent: 12.5, exchangeRates: { USD: 1.35 } }, 'SGD')).toEqual({
      feePercent: 12.5,
      exchangeRates: { USD: 1.35 },
    });
    for (const bad of [
      { feePercent: -1, exchangeRates: {} },
      { feePercent: 101, exchangeRates: {} },
      { feePercent: 1.005, exchangeRates: {} },
      { feePercent: 10, exchangeRates: { usd: 1 } },
      { feePercent: 10, exchangeRates: { USD: 0 } },
      { feePercent: 10, exchangeRates: { USD: '1.3' } },
      { feePercent: 10, exchangeRates: { SGD: 1 } },
      { feePercent: 10, exchangeRates: [] },
      null,
    ]) {
      expect(parseQuotationPricing(bad, 'SGD')).toBeNull();
    }
  });
});
