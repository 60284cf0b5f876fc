import { formatMoney } from '@kedai/domain';
import { describe, expect, it } from 'vitest';
import { externalItem, externalProduct, internalItem, quote } from '../quotations/test-fixtures';
import { costLines, costsOfEstimate, costsOfOrder, type Costs } from './costs';
import {
  REASON_TEXT,
  analyticsCheckoutOf,
  checkoutHref,
  checkoutLines,
  defaultShippingAddress,
  deliverable,
  newAttemptKey,
  nothingLeft,
  orderHref,
  placeOrderBlockers,
} from './checkout-view';
import { address, estimate, estimateLine, line, order, pan, phone, session, tokyo } from './test-fixtures';

const sgd = (amount: number) => formatMoney(amount, 'SGD');
const base: Costs = {
  currency: 'SGD',
  subtotal: 355480,
  shipping: null,
  discount: 0,
  tax: 0,
  taxName: null,
  taxInclusive: false,
  total: 355480,
  voucherCode: null,
};

describe('costLines: the summary of an estimate or an order', () => {
  it('before an address: subtotal, shipping still to choose, total; no discount or tax line', () => {
    expect(costLines(base)).toEqual([
      { key: 'subtotal', label: 'Subtotal', value: sgd(355480) },
      { key: 'shipping', label: 'Shipping', value: 'Choose an address' },
      { key: 'total', label: 'Total', value: sgd(355480) },
    ]);
  });

  it('with an address, a voucher and tax added: the discount with its code (a minus sign), the tax by its name', () => {
    const lines = costLines({
      ...base,
      shipping: 800,
      discount: 1000,
      voucherCode: 'WELCOME10',
      tax: 31975,
      taxName: 'GST',
      total: 387255,
    });
    expect(lines).toEqual([
      { key: 'subtotal', label: 'Subtotal', value: sgd(355480) },
      { key: 'shipping', label: 'Shipping', value: sgd(800) },
      { key: 'discount', label: 'Discount (WELCOME10)', value: `\u2212${sgd(1000)}` },
      { key: 'tax', label: 'GST', value: sgd(31975) },
      { key: 'total', label: 'Total', value: sgd(387255) },
    ]);
  });

  it('tax the prices already hold is labelled included; free shipping says Free; an unnamed tax is Tax', () => {
    const inclusive = costLines({ ...base, shipping: 0, tax: 29350, taxName: 'GST', taxInclusive: true });
    expect(inclusive.find((l) => l.key === 'tax')).toEqual({ key: 'tax', label: 'GST (included)', value: sgd(29350) });
    expect(inclusive.find((l) => l.key === 'shipping')?.value).toBe('Free');
    expect(costLines({ ...base, shipping: 500, tax: 45 }).find((l) => l.key === 'tax')?.label).toBe('Tax');
  });

  it('a currency without decimals, and one Intl does not know, are still shown', () => {
    expect(costLines({ ...base, currency: 'JPY', subtotal: 8880, total: 8880 })[0]!.value).toBe(formatMoney(8880, 'JPY'));
    // A four-letter token code (not ISO 4217) that Intl refuses: shown as the bare code and amount.
    expect(costLines({ ...base, currency: 'USDT', subtotal: 5, total: 5 })[0]!.value).toBe('USDT 5');
  });

  it('an order and an estimate give the same lines for the same amounts', () => {
    const placed = order();
    const estimated = estimate([estimateLine('a', 'A', 1, 355480)], {
      shipping: 800,
      discount: 1000,
      voucher: { code: 'WELCOME10', discount: 1000 },
      tax: 31975,
      taxName: 'GST',
      total: 387255,
    });
    expect(costLines(costsOfEstimate(estimated))).toEqual(costLines(costsOfOrder(placed)));
  });

  it('a voucher that does not apply is not named in the lines', () => {
    const estimated = estimate([estimateLine('a', 'A', 1, 1000)], { voucherError: { errorCode: 'voucher/expired', error: 'x' } });
    expect(costsOfEstimate(estimated).voucherCode).toBeNull();
  });
});

describe('checkoutLines: the lines with their pictures, options and reasons', () => {
  const phoneLine = line(phone(), { variantPath: '1/1', quantity: 2 });
  const panLine = line(pan(), { quantity: 20 });
  const market = externalItem(externalProduct(), { status: 'r', statusData: quote({ SG: 15900 }) });
  const pending = internalItem(phone(), { status: 'p' });
  const current = session([phoneLine, panLine], [phone(), pan()], [market, pending]);
  const estimated = estimate([
    estimateLine(phoneLine.id, 'Pixel 8a', 2, 169900),
    estimateLine(panLine.id, 'Frying Pan', 20, null, { reason: 'out_of_stock' }),
    estimateLine('00000000-0000-4000-8000-00000000dead', '', 0, null, { reason: 'gone' }),
    estimateLine(market.id, 'Studio Headphones X2', 1, 15900, { kind: 'quotation' }),
    estimateLine(pending.id, 'Pixel 8a', 1, null, { kind: 'quotation', reason: 'not_quoted' }),
  ]);
  const lines = checkoutLines(current, estimated);

  it('keeps the estimate’s order, prices and reasons', () => {
    expect(lines.map((l) => [l.kind, l.quantity, l.unitPrice, l.lineTotal, l.reason])).toEqual([
      ['cart', 2, 169900, 339800, null],
      ['cart', 20, null, null, 'out_of_stock'],
      ['cart', 0, null, null, 'gone'],
      ['quotation', 1, 15900, 15900, null],
      ['quotation', 1, null, null, 'not_quoted'],
    ]);
  });

  it('a cart line has its product’s picture, options, page and id', () => {
    expect(lines[0]).toMatchObject({
      name: 'Pixel 8a',
      options: 'Storage: 1 TB, Colour: Mint',
      variant: '1 TB / Mint',
      productId: phone().uuid,
      picture: { kind: 'asset', name: 'products/pixel-1.svg' },
      href: '/product/pixel-8a-73?v=1/1',
      reasonText: null,
    });
  });

  it('words each reason for shoppers; out of stock says how many are left when some are', () => {
    expect(lines[1]!.reasonText).toBe('Not enough in stock — only 12 left');
    expect(lines[2]).toMatchObject({ name: 'An item no longer in your cart', reasonText: REASON_TEXT.gone, href: null });
    expect(lines[4]!.reasonText).toBe('The shop has not answered this quotation yet');
    const soldOut = checkoutLines(
      session([line(pan({ stock: 0 }), { id: panLine.id })], [pan({ stock: 0 })]),
      estimate([estimateLine(panLine.id, 'Frying Pan', 1, null, { reason: 'out_of_stock' })]),
    );
    expect(soldOut[0]!.reasonText).toBe('Out of stock');
    expect(Object.values(REASON_TEXT)).toEqual([
      'No longer in your cart or quotations',
      'Out of stock',
      'No longer sold',
      'Not sold in your region',
      'The shop has not answered this quotation yet',
      'Not quoted for your region',
    ]);
  });

  it('a quoted marketplace product has the marketplace’s picture and name, and no page of ours', () => {
    expect(lines[3]).toMatchObject({
      picture: { kind: 'external', src: 'https://images.fixture-mall.example/headphones-1.jpg' },
      marketplace: 'Fixture Mall',
      href: null,
      productId: null,
    });
  });

  it('reports the lines that can be bought to analytics, by product (or quotation item), with the goods after the discount', () => {
    const reported = analyticsCheckoutOf({ ...estimated, discount: 1000, voucher: { code: 'WELCOME10', discount: 1000 } }, lines);
    expect(reported).toEqual({
      currency: 'SGD',
      value: estimated.subtotal - 1000,
      coupon: 'WELCOME10',
      lines: [
        { id: phone().uuid, name: 'Pixel 8a', variant: '1 TB / Mint', unitPrice: 169900, quantity: 2 },
        { id: market.id, name: 'Studio Headphones X2', variant: '', unitPrice: 15900, quantity: 1 },
      ],
    });
  });

  it('nothing is left when every line has gone', () => {
    expect(nothingLeft(estimated)).toBe(false);
    expect(nothingLeft(estimate([estimateLine('x', '', 0, null, { reason: 'gone' })]))).toBe(true);
  });
});

describe('placeOrderBlockers: why Place order cannot be used', () => {
  const ready = estimate([estimateLine('a', 'A', 1, 1000)], { shipping: 500, canPlaceOrder: true, shippingCountry: 'SG' });

  it('none when the estimate says the order can be placed and an address is chosen', () => {
    expect(placeOrderBlockers(ready, { addressChosen: true })).toEqual([]);
  });

  it('no address chosen (the new-address form is open)', () => {
    expect(placeOrderBlockers(ready, { addressChosen: false })).toEqual(['Choose a shipping address.']);
  });

  it('lines that cannot be bought, an address not delivered to and a voucher that does not apply, each said', () => {
    const blocked = estimate(
      [estimateLine('a', 'A', 1, null, { reason: 'disabled' }), estimateLine('b', 'B', 1, null, { reason: 'out_of_stock' })],
      {
        shippingError: { errorCode: 'checkout/not_delivered', error: 'x' },
        voucherError: { errorCode: 'voucher/min_spend', error: 'y' },
      },
    );
    expect(placeOrderBlockers(blocked, { addressChosen: true })).toEqual([
      '2 items cannot be bought. Go back to change or remove them.',
      'We do not deliver to this address. Choose another one.',
      'The voucher cannot be used: remove it or try another code.',
    ]);
  });

  it('says something even when the estimate gives no reason', () => {
    expect(placeOrderBlockers({ ...ready, canPlaceOrder: false }, { addressChosen: true })).toEqual(['This order cannot be placed yet.']);
  });
});

describe('addresses a shipment may go to', () => {
  const book = [address(), tokyo];

  it('only those in a country the shop delivers to, the main one first; every one when the countries are unknown', () => {
    expect(deliverable(book, ['SG', 'MY']).map((a) => a.country)).toEqual(['SG']);
    expect(deliverable(book, null)).toHaveLength(2);
    expect(defaultShippingAddress(book, ['JP'])).toBe(tokyo.id);
    expect(defaultShippingAddress(book, ['SG', 'JP'])).toBe(address().id);
    expect(defaultShippingAddress([], ['SG'])).toBeNull();
  });
});

describe('the attempt key and the addresses of the pages', () => {
  it('is a random UUID, or random hex where randomUUID is missing; both fit the API’s Idempotency-Key', () => {
    const key = newAttemptKey();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(newAttemptKey()).not.toBe(key);
    const hex = newAttemptKey({ getRandomValues: <T extends ArrayBufferView | null>(array: T) => array });
    expect(hex).toBe('0'.repeat(32));
    for (const made of [key, hex]) expect(made).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it('/checkout/<key> and /orders/<id>', () => {
    expect(checkoutHref('ab_c-1')).toBe('/checkout/ab_c-1');
    expect(orderHref('bbbbbbbb-0000-4000-8000-000000000001')).toBe('/orders/bbbbbbbb-0000-4000-8000-000000000001');
  });
});
