import { formatMoney, formatMoneyOrNull, lineTotal, selectionSubtotal } from '@kedai/domain';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../store/store';
import { envelope, fakeApi } from '../../store/testing';
import { buyNow } from './buy-now';
import { fetchCart } from './cart-slice';
import { availabilityOf, cartHrefFor, groupByMerchant, purchaseCheck, variantOptionsText } from './cart-view';
import { cartAnswer, line, pan, phone } from './test-fixtures';

describe('availability of a cart line (rules: validation.md stock check)', () => {
  it('plenty in stock: available, nothing to say', () => {
    expect(availabilityOf({ variantPath: '0/0', quantity: 2 }, phone())).toEqual({
      kind: 'in_stock',
      available: true,
      label: '',
      stock: 29,
    });
  });
  it('a few left: "Only N left"', () => {
    expect(availabilityOf({ variantPath: '0/2', quantity: 1 }, phone())).toMatchObject({ available: true, label: 'Only 3 left' });
  });
  it('more than the stock: not available in this quantity', () => {
    expect(availabilityOf({ variantPath: '0/2', quantity: 4 }, phone())).toMatchObject({
      kind: 'too_many',
      available: false,
      label: 'Not available in this quantity — only 3 left',
    });
  });
  it('no stock: sold out', () => {
    expect(availabilityOf({ variantPath: '0/1', quantity: 1 }, phone())).toMatchObject({ kind: 'sold_out', available: false });
  });
  it('product missing, disabled or option withdrawn: no longer sold', () => {
    expect(availabilityOf({ variantPath: '', quantity: 1 }, undefined).label).toBe('No longer sold');
    expect(availabilityOf({ variantPath: '', quantity: 1 }, pan({ disabled: true })).label).toBe('No longer sold');
    expect(availabilityOf({ variantPath: '5/5', quantity: 1 }, phone()).label).toBe('No longer sold');
  });
  it('without variants, the product stock counts', () => {
    expect(availabilityOf({ variantPath: '', quantity: 12 }, pan()).available).toBe(true);
    expect(availabilityOf({ variantPath: '', quantity: 13 }, pan()).available).toBe(false);
  });
});

describe("the product page's Add to cart and Buy now", () => {
  const singapore = { key: 'SG', name: 'Singapore' };
  it('a chosen path in stock and priced in the region: nothing blocks', () => {
    expect(purchaseCheck(phone(), '0/0', 29, singapore)).toEqual({ blocked: null, stock: 29, tooMany: false });
    expect(purchaseCheck(pan(), '', 1, singapore)).toEqual({ blocked: null, stock: 12, tooMany: false });
  });
  it('before every variant has an option chosen: asks for them, by name', () => {
    expect(purchaseCheck(phone(), null, 1, singapore)).toEqual({
      blocked: 'Choose storage and colour first.',
      stock: null,
      tooMany: false,
    });
  });
  it('sold out: the option, or the product without variants', () => {
    expect(purchaseCheck(phone(), '0/1', 1, singapore).blocked).toBe('This option is sold out.');
    expect(purchaseCheck(pan({ stock: 0 }), '', 1, singapore).blocked).toBe('This product is sold out.');
  });
  it('not sold in the region', () => {
    expect(purchaseCheck(phone(), '0/0', 1, { key: 'MY', name: 'Malaysia' }).blocked).toBe('This product is not sold in Malaysia.');
  });
  it('more than the stock: not blocked, but too many (the quantity can still be lowered)', () => {
    expect(purchaseCheck(phone(), '0/2', 4, singapore)).toEqual({ blocked: null, stock: 3, tooMany: true });
    expect(purchaseCheck(pan(), '', 13, singapore)).toEqual({ blocked: null, stock: 12, tooMany: true });
  });
  it('a blocked product is never also too many', () => {
    expect(purchaseCheck(phone(), '0/1', 5, singapore).tooMany).toBe(false);
  });
});

describe('cart page helpers', () => {
  it('buy-now address: /cart?itemId=…', () => {
    expect(cartHrefFor('abc-1')).toBe('/cart?itemId=abc-1');
  });

  it('variant options as words', () => {
    expect(variantOptionsText(phone(), '1/1')).toBe('Storage: 1 TB, Colour: Mint');
    expect(variantOptionsText(pan(), '')).toBe('');
    expect(variantOptionsText(phone(), '1/9')).toBe('');
  });

  it('groups lines by merchant, marketplace products by marketplace, in order of first line', () => {
    const market = pan({ uuid: '77777777-7777-4777-8777-777777777777', sourceMarketPlace: 'Amazon' });
    const items = [line(phone()), line(pan()), line(market), line(phone(), { variantPath: '1/1' })];
    const groups = groupByMerchant(items, { [phone().uuid]: phone(), [pan().uuid]: pan(), [market.uuid]: market });
    expect(groups.map((group) => [group.name, group.items.length])).toEqual([
      ['Lion City Tech', 2],
      ['Other sellers', 1],
      ['From Amazon', 1],
    ]);
  });

  it('group keys hold no white space (the cart labels each section by an id made of its key)', () => {
    const market = pan({ uuid: '77777777-7777-4777-8777-777777777777', sourceMarketPlace: 'Amazon Japan' });
    const [group] = groupByMerchant([line(market)], { [market.uuid]: market });
    expect(group?.name).toBe('From Amazon Japan');
    expect(group?.key).not.toMatch(/\s/);
  });

  it('line total: the unit price of the variant in the region × quantity', () => {
    expect(lineTotal({ variantPath: '1/1', quantity: 2 }, phone(), 'SG')).toEqual({ amount: 339800, currency: 'SGD' });
    expect(lineTotal({ variantPath: '1/1', quantity: 2 }, phone(), 'JP')).toEqual({ amount: 260560, currency: 'JPY' });
    expect(lineTotal({ variantPath: '', quantity: 1 }, pan(), 'US')).toBeNull();
  });

  it('subtotal of the checked lines only, in the region currency, unpriced lines counted apart', () => {
    const a = line(phone(), { variantPath: '0/0', quantity: 2 });
    const b = line(pan(), { quantity: 3 });
    const c = line(phone(), { variantPath: '1/1', quantity: 1 });
    const products = { [phone().uuid]: phone(), [pan().uuid]: pan() };
    const sg = selectionSubtotal([a, b, c], products, [a.id, b.id], { key: 'SG', currency: 'SGD' });
    expect(sg).toEqual({ total: { amount: 2 * 112900 + 3 * 7690, currency: 'SGD' }, units: 5, lines: 2, unpriced: 0 });
    expect(formatMoneyOrNull(sg.total)).toBe(formatMoney(248870, 'SGD'));
    // 1/1 has no JP price of its own: the product's JP price counts.
    expect(selectionSubtotal([a, b, c], products, [c.id], { key: 'JP', currency: 'JPY' }).total).toEqual({
      amount: 130280,
      currency: 'JPY',
    });
    const us = selectionSubtotal([a, b, c], products, [c.id, b.id], { key: 'US', currency: 'USD' });
    expect(us).toMatchObject({ total: { amount: 0, currency: 'USD' }, lines: 2, unpriced: 2 });
    expect(formatMoneyOrNull({ amount: 1, currency: 'NOPE!' })).toBeNull();
  });
});

describe('buy now (rules: state.md)', () => {
  it('adds the item, checks only that line and answers /cart?itemId=…', async () => {
    const existing = line(pan());
    const added = line(phone(), { variantPath: '0/0' });
    const fake = fakeApi({
      '/cart': [{ ok: cartAnswer([existing], [pan()]) }],
      'POST /cart': [{ ok: { cartItem: added, product: phone() } }],
    });
    const store = makeStore({ api: fake.api });
    await store.dispatch(fetchCart());
    const result = await store.dispatch(buyNow({ productId: phone().uuid, variantPath: '0/0', quantity: 1 }));
    expect(buyNow.fulfilled.match(result) && result.payload.href).toBe(`/cart?itemId=${added.id}`);
    expect(store.getState().selection.cartItemIds).toEqual([added.id]);
  });

  it('a failed add stores the add error and goes nowhere', async () => {
    const fake = fakeApi({
      'POST /cart': [{ fail: Object.assign(envelope('cart/invalid_variant_path', 'bad'), { status: 400 }) }],
    });
    const store = makeStore({ api: fake.api });
    const result = await store.dispatch(buyNow({ productId: phone().uuid, variantPath: '', quantity: 1 }));
    expect(buyNow.rejected.match(result) && result.payload).toBe('Please choose one of the options of this product.');
    expect(store.getState().cart.addError).toBe('Please choose one of the options of this product.');
  });
});
