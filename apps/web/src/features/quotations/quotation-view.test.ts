import { formatMoney } from '@kedai/domain';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../store/store';
import { envelope, fakeApi } from '../../store/testing';
import { externalPriceText, manualFormErrors, manualRequestOf, readProductLink, stepAfterFailure, type ManualForm } from './buy-for-me';
import {
  basePriceOf,
  checkBlockReason,
  countByStatus,
  filterByStatus,
  itemLink,
  quotationSelectionTotal,
  quotedPriceOf,
  sourceOf,
  statusBadge,
  statusMessageOf,
} from './quotation-view';
import { externalItem, externalProduct, internalItem, pan, phone, quote } from './test-fixtures';

const singapore = { key: 'SG', name: 'Singapore', currency: 'SGD' };
const japan = { key: 'JP', name: 'Japan', currency: 'JPY' };

const quoted = externalItem(externalProduct(), {
  status: 'r',
  quantity: 2,
  statusData: quote({ SG: 15900 }, { basePrice: 12990, basePriceCurrency: 'USD' }),
});
const pending = internalItem(phone());
const declined = externalItem(externalProduct(), { status: 'd', declineReason: 'The seller does not ship abroad.' });

describe('status words (spec §4 "Quotation")', () => {
  it('are exactly the spec’s messages, with a short badge word each', () => {
    expect(statusMessageOf({ status: 'p' })).toBe('Quoting your product...');
    expect(statusMessageOf({ status: 'r' })).toBe('Your Quotation is here!');
    expect(statusMessageOf({ status: 'd' })).toBe('Quotation is unsuccessful.');
    expect([statusBadge('p').label, statusBadge('r').label, statusBadge('d').label]).toEqual(['Quoting', 'Quoted', 'Unsuccessful']);
  });

  it('the status filter keeps the list order and counts each status', () => {
    const items = [quoted, pending, declined];
    expect(filterByStatus(items, 'all')).toEqual(items);
    expect(filterByStatus(items, 'r')).toEqual([quoted]);
    expect(countByStatus(items)).toEqual({ all: 3, p: 1, r: 1, d: 1 });
  });
});

describe('the quoted price in the shopper’s region', () => {
  it('unit and × quantity total in the region’s currency', () => {
    expect(quotedPriceOf(quoted, singapore)).toEqual({ unit: formatMoney(15900, 'SGD'), total: formatMoney(31800, 'SGD') });
  });

  it('none for a region the shop did not quote, nor before the answer', () => {
    expect(quotedPriceOf(quoted, japan)).toBeNull();
    expect(quotedPriceOf(pending, singapore)).toBeNull();
  });

  it('the marketplace’s own price, in its currency', () => {
    expect(basePriceOf(quoted)).toBe(formatMoney(12990, 'USD'));
    expect(basePriceOf(pending)).toBeNull();
  });

  it('the total of the checked items counts only those quoted for the region', () => {
    const other = internalItem(pan(), { status: 'r', quantity: 3, statusData: quote({ JP: 900 }) });
    const total = quotationSelectionTotal([quoted, pending, other], [quoted.id, other.id], singapore);
    expect(total).toEqual({ total: formatMoney(31800, 'SGD'), items: 2, units: 5, unquoted: 1 });
    expect(quotationSelectionTotal([quoted], [], singapore)).toMatchObject({ items: 0, total: formatMoney(0, 'SGD') });
  });
});

describe('why an item cannot be checked out (spec §4)', () => {
  it('pending: waiting for the quote; declined; product gone or disabled', () => {
    expect(checkBlockReason(pending, phone(), false)).toBe("Waiting for the shop's quote");
    expect(checkBlockReason(declined, undefined, false)).toMatch(/unsuccessful/);
    const ofDisabled = internalItem(pan({ disabled: true }), { status: 'r', statusData: quote({ SG: 1 }) });
    expect(checkBlockReason(ofDisabled, pan({ disabled: true }), false)).toMatch(/no longer sold/);
    expect(checkBlockReason(quoted, undefined, true)).toBeNull();
  });
});

describe('where an item comes from and leads', () => {
  it('a marketplace product: "From <marketplace>" and its page (http(s) only)', () => {
    expect(sourceOf(quoted, undefined)).toBe('From Fixture Mall');
    expect(itemLink(quoted, undefined)).toEqual({ href: quoted.externalProduct!.url, external: true });
    const hostile = externalItem(externalProduct({ url: 'javascript:alert(1)', link: 'javascript:alert(1)' }));
    expect(itemLink(hostile, undefined)).toBeNull();
  });

  it("one of the shop's products: its merchant and its page with the options", () => {
    expect(sourceOf(pending, phone())).toBe('Sold by Lion City Tech');
    expect(itemLink(pending, phone())).toEqual({ href: '/product/pixel-8a-73?v=0/0', external: false });
    expect(itemLink(pending, undefined)).toBeNull();
  });
});

describe('reading a link (POST /product/searchExternal)', () => {
  const withStatus = (status: number, code: string) => Object.assign(envelope(code, code), { status });

  it('answers the product read from the page', async () => {
    const read = externalProduct();
    const fake = fakeApi({ 'POST /product/searchExternal': [{ ok: { externalProduct: read } }] });
    const result = await makeStore({ api: fake.api }).dispatch(readProductLink('  https://www.fixture-mall.example/p/studio-headphones '));
    expect(fake.post).toHaveBeenCalledWith('/product/searchExternal', { link: 'https://www.fixture-mall.example/p/studio-headphones' });
    expect(result.payload).toEqual(read);
  });

  it('a page that cannot be read (link/…) offers the form by hand, with the shopper’s message', async () => {
    const fake = fakeApi({ 'POST /product/searchExternal': [{ fail: withStatus(400, 'link/no_product') }] });
    const result = await makeStore({ api: fake.api }).dispatch(readProductLink('https://shop.example/article'));
    expect(readProductLink.rejected.match(result) && result.payload).toEqual({
      message: 'We could not find a product on that page. Ask us for a quotation by hand instead.',
      kind: 'unreadable',
    });
    expect(stepAfterFailure(result.payload as never)).toBe('manual');
  });

  it('a site that did not answer is named, not blamed on the link, and the form by hand offered', async () => {
    const fake = fakeApi({ 'POST /product/searchExternal': [{ fail: withStatus(400, 'link/unreachable') }] });
    const result = await makeStore({ api: fake.api }).dispatch(readProductLink('https://www.shopee.sg/some-product-i.1.2'));
    expect(result.payload).toEqual({
      message: 'We could not reach shopee.sg just now. Try again in a few minutes, or ask us for a quotation by hand.',
      kind: 'unreadable',
    });
    expect(stepAfterFailure(result.payload as never)).toBe('manual');
  });

  it('a link that is not a web address is refused without a call, under its field', async () => {
    const fake = fakeApi({});
    const result = await makeStore({ api: fake.api }).dispatch(readProductLink('shopee headphones'));
    expect(fake.post).not.toHaveBeenCalled();
    expect(result.payload).toMatchObject({ kind: 'invalid' });
    expect(stepAfterFailure(result.payload as never)).toBe('field');
  });

  it('anything else (too many tries) is told, with a try again', async () => {
    const fake = fakeApi({ 'POST /product/searchExternal': [{ fail: withStatus(429, 'general/rate_limited') }] });
    const result = await makeStore({ api: fake.api }).dispatch(readProductLink('https://shop.example/p/1'));
    expect(result.payload).toMatchObject({ kind: 'other' });
    expect(stepAfterFailure(result.payload as never)).toBe('failed');
  });

  it('the price as found, plainly: "USD 129.90"', () => {
    expect(externalPriceText({ price: '129.90', currency: 'USD' })).toBe('USD 129.90');
    expect(externalPriceText({ price: null, currency: null })).toBeNull();
  });
});

describe('the form by hand', () => {
  const filled: ManualForm = {
    productUrl: ' https://shop.example/rice-cooker ',
    productName: ' Rice cooker 3L ',
    quantity: '2',
    instructions: ' the white one ',
    imageUrl: '',
  };

  it('a complete form has no problems and becomes the request, trimmed', () => {
    expect(manualFormErrors(filled)).toEqual({});
    expect(manualRequestOf(filled)).toEqual({
      productUrl: 'https://shop.example/rice-cooker',
      productName: 'Rice cooker 3L',
      productQuantity: 2,
      instructions: 'the white one',
      imageUrl: '',
    });
  });

  it('says what is wrong with each field', () => {
    const errors = manualFormErrors({
      productUrl: 'ftp://x',
      productName: ' ',
      quantity: '0',
      instructions: 'x'.repeat(501),
      imageUrl: 'data:x',
    });
    expect(Object.keys(errors).sort()).toEqual(['imageUrl', 'instructions', 'productName', 'productUrl', 'quantity']);
    expect(manualFormErrors({ ...filled, productUrl: '' }).productUrl).toBe('Paste the link of the product page.');
  });
});
