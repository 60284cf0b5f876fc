import { describe, expect, it } from 'vitest';
import { makeStore } from '../../store/store';
import { fakeApi, settle, type Answer } from '../../store/testing';
import { signedOut } from '../account/user-slice';
import { addToCart, fetchCart, removeCartItem, setCartItem } from './cart-slice';
import { fetchQuotationItems, removeQuotationItem, setQuotationItem } from '../quotations/quotation-slice';
import { externalItem, externalProduct, internalItem, quotationAnswer, quote } from '../quotations/test-fixtures';
import {
  allQuotationItemsChecked,
  availableCartItemIds,
  checkAllCartItems,
  checkAllQuotationItems,
  checkCartItem,
  checkOnlyCartItem,
  checkQuotationItem,
  initialSelectionState,
} from './selection-slice';
import { cartAnswer, line, pan, phone } from './test-fixtures';

// phone 0/0 has 29 in stock, 0/1 none, 0/2 three; the pan 12.
const a = line(phone(), { variantPath: '0/0', quantity: 1 });
const b = line(phone(), { variantPath: '0/2', quantity: 2 });
const soldOut = line(phone(), { variantPath: '0/1', quantity: 1 });
const c = line(pan(), { quantity: 1 });
const cart = cartAnswer([a, b, soldOut, c], [phone(), pan()]);

async function storeWithCart(answers: Record<string, Answer[]> = {}) {
  const fake = fakeApi({ '/cart': [{ ok: cart }], ...answers });
  const store = makeStore({ api: fake.api });
  await store.dispatch(fetchCart());
  return { store, ...fake };
}

describe('selection for checkout (rules: entities.md)', () => {
  it('starts with two empty checked sets (cart items, quotation items) and the flag off', () => {
    const store = makeStore({ api: fakeApi({}).api });
    expect(store.getState().selection).toEqual({ cartItemIds: [], quotationItemIds: [], allChecked: false, uncheckedIds: [] });
  });

  it('once the cart is loaded every available line is checked, so the cart shows what it would cost', async () => {
    const { store } = await storeWithCart();
    await settle();
    expect(store.getState().selection).toMatchObject({ cartItemIds: [a.id, b.id, c.id], allChecked: true });
  });

  it('unchecks and checks an available cart item again', async () => {
    const { store } = await storeWithCart();
    store.dispatch(checkCartItem(a.id, false));
    expect(store.getState().selection.cartItemIds).toEqual([b.id, c.id]);
    store.dispatch(checkCartItem(a.id, true));
    expect(store.getState().selection.cartItemIds).toEqual([a.id, b.id, c.id]);
  });

  it('a line the shopper unchecked stays unchecked when the cart is fetched again', async () => {
    const { store } = await storeWithCart({ '/cart': [{ ok: cart }, { ok: cart }] });
    store.dispatch(checkCartItem(b.id, false));
    await store.dispatch(fetchCart());
    await settle();
    expect(store.getState().selection).toMatchObject({ cartItemIds: [a.id, c.id], allChecked: false });
  });

  it('an unavailable item (stock below the quantity) cannot be checked', async () => {
    const { store } = await storeWithCart();
    store.dispatch(checkCartItem(soldOut.id, true));
    expect(store.getState().selection.cartItemIds).not.toContain(soldOut.id);
  });

  it('an item whose product is disabled or missing cannot be checked', async () => {
    const gone = line(pan({ uuid: '99999999-9999-4999-8999-999999999999' }));
    const disabled = pan({ disabled: true });
    const fake = fakeApi({ '/cart': [{ ok: cartAnswer([c, gone], [disabled]) }] });
    const store = makeStore({ api: fake.api });
    await store.dispatch(fetchCart());
    expect(availableCartItemIds(store.getState().cart)).toEqual([]);
    store.dispatch(checkCartItem(c.id, true));
    store.dispatch(checkCartItem(gone.id, true));
    expect(store.getState().selection.cartItemIds).toEqual([]);
  });

  it('an id that is not in the cart cannot be checked', async () => {
    const { store } = await storeWithCart();
    store.dispatch(checkCartItem('nope', true));
    expect(store.getState().selection.cartItemIds).toEqual([a.id, b.id, c.id]);
  });

  it('select-all checks every available item and sets the flag; clearing it unchecks all', async () => {
    const { store } = await storeWithCart();
    store.dispatch(checkAllCartItems(false));
    expect(store.getState().selection).toMatchObject({ cartItemIds: [], allChecked: false });
    store.dispatch(checkAllCartItems(true));
    expect(store.getState().selection).toMatchObject({ cartItemIds: [a.id, b.id, c.id], allChecked: true });
  });

  it('the flag follows the items: on when the last available one is checked, off when one is unchecked', async () => {
    const { store } = await storeWithCart();
    store.dispatch(checkAllCartItems(false));
    for (const id of [a.id, b.id, c.id]) store.dispatch(checkCartItem(id, true));
    expect(store.getState().selection.allChecked).toBe(true);
    store.dispatch(checkCartItem(b.id, false));
    expect(store.getState().selection.allChecked).toBe(false);
  });

  it('with nothing available, select-all checks nothing and the flag stays off', async () => {
    const fake = fakeApi({ '/cart': [{ ok: cartAnswer([soldOut], [phone()]) }] });
    const store = makeStore({ api: fake.api });
    await store.dispatch(fetchCart());
    store.dispatch(checkAllCartItems(true));
    expect(store.getState().selection).toMatchObject({ cartItemIds: [], allChecked: false });
  });

  it('check-only (buy now) leaves just that item checked, also after the cart is fetched again', async () => {
    const { store } = await storeWithCart({ '/cart': [{ ok: cart }, { ok: cart }] });
    store.dispatch(checkOnlyCartItem(c.id));
    expect(store.getState().selection).toMatchObject({ cartItemIds: [c.id], allChecked: false });
    await store.dispatch(fetchCart());
    await settle();
    expect(store.getState().selection).toMatchObject({ cartItemIds: [c.id], allChecked: false });
  });

  it('ids that no longer exist are dropped when the cart changes (rules: state.md)', async () => {
    const { store } = await storeWithCart({ [`DELETE /cart/${b.id}`]: [{ ok: undefined }] });
    store.dispatch(checkAllCartItems(true));
    await store.dispatch(removeCartItem(b.id));
    await settle();
    expect(store.getState().selection).toMatchObject({ cartItemIds: [a.id, c.id], allChecked: true });
  });

  it('ids missing from a fresh fetch are dropped', async () => {
    const { store } = await storeWithCart({ '/cart': [{ ok: cart }, { ok: cartAnswer([a], [phone()]) }] });
    store.dispatch(checkAllCartItems(true));
    await store.dispatch(fetchCart());
    await settle();
    expect(store.getState().selection.cartItemIds).toEqual([a.id]);
  });

  it('an item that becomes unavailable (quantity above stock) is unchecked, and checked again once it can be bought', async () => {
    const tooMany = { ...b, quantity: 4, available: false };
    const { store } = await storeWithCart({
      [`PUT /cart/${b.id}`]: [{ ok: { cartItem: tooMany, product: phone() } }, { ok: { cartItem: b, product: phone() } }],
    });
    await store.dispatch(setCartItem({ id: b.id, quantity: 4 }));
    await settle();
    expect(store.getState().selection).toMatchObject({ cartItemIds: [a.id, c.id], allChecked: true });
    await store.dispatch(setCartItem({ id: b.id, quantity: 2 }));
    await settle();
    expect(store.getState().selection).toMatchObject({ cartItemIds: [a.id, b.id, c.id], allChecked: true });
  });

  it('a new available item is checked with the rest', async () => {
    const added = line(phone(), { variantPath: '1/1' });
    const { store } = await storeWithCart({ 'POST /cart': [{ ok: { cartItem: added, product: phone() } }] });
    store.dispatch(checkCartItem(b.id, false));
    await store.dispatch(addToCart({ productId: phone().uuid, variantPath: '1/1', quantity: 1 }));
    await settle();
    expect(store.getState().selection).toMatchObject({ cartItemIds: [a.id, c.id, added.id], allChecked: false });
  });

  it('checking cart lines leaves the quotation items set alone', async () => {
    const { store } = await storeWithCart();
    store.dispatch(checkAllCartItems(true));
    expect(store.getState().selection.quotationItemIds).toEqual([]);
  });

  it('signing out clears the selection', async () => {
    const { store } = await storeWithCart();
    store.dispatch(checkAllCartItems(true));
    store.dispatch(signedOut());
    expect(store.getState().selection).toEqual(initialSelectionState);
  });
});

describe('selection of quotation items for checkout (spec §4 "Quotation")', () => {
  const quoted = externalItem(externalProduct(), {
    status: 'r',
    statusData: quote({ SG: 15900 }, { basePrice: 12990, basePriceCurrency: 'USD' }),
  });
  const quotedPhone = internalItem(phone(), { status: 'r', statusData: quote({ SG: 99000 }) });
  const pending = externalItem(externalProduct());
  const declined = internalItem(pan(), { status: 'd', declineReason: 'Out of production' });
  const disabledPan = pan({ uuid: '44444444-4444-4444-8444-444444444444', disabled: true });
  const ofDisabled = internalItem(disabledPan, { status: 'r', statusData: quote({ SG: 100 }), checkable: true });
  const list = quotationAnswer([quoted, quotedPhone, pending, declined, ofDisabled], [phone(), pan(), disabledPan]);

  async function storeWithQuotations(answers: Record<string, Answer[]> = {}) {
    const fake = fakeApi({ '/quotation_item': [{ ok: list }], ...answers });
    const store = makeStore({ api: fake.api });
    await store.dispatch(fetchQuotationItems());
    await settle();
    return { store, ...fake };
  }

  it('nothing is checked until the shopper checks it', async () => {
    const { store } = await storeWithQuotations();
    expect(store.getState().selection.quotationItemIds).toEqual([]);
  });

  it('checks and unchecks a resolved item', async () => {
    const { store } = await storeWithQuotations();
    store.dispatch(checkQuotationItem(quotedPhone.id, true));
    store.dispatch(checkQuotationItem(quoted.id, true));
    expect(store.getState().selection.quotationItemIds).toEqual([quoted.id, quotedPhone.id]);
    store.dispatch(checkQuotationItem(quoted.id, false));
    expect(store.getState().selection.quotationItemIds).toEqual([quotedPhone.id]);
  });

  it('a pending item cannot be checked', async () => {
    const { store } = await storeWithQuotations();
    store.dispatch(checkQuotationItem(pending.id, true));
    expect(store.getState().selection.quotationItemIds).toEqual([]);
  });

  it('a declined item cannot be checked', async () => {
    const { store } = await storeWithQuotations();
    store.dispatch(checkQuotationItem(declined.id, true));
    expect(store.getState().selection.quotationItemIds).toEqual([]);
  });

  it('an internal item whose product is disabled or missing cannot be checked', async () => {
    const ofDeleted = internalItem(undefined, {
      status: 'r',
      statusData: quote({ SG: 100 }),
      productSourceData: { productId: '55555555-5555-4555-8555-555555555555', variantPath: '' },
      checkable: true,
    });
    const fake = fakeApi({ '/quotation_item': [{ ok: quotationAnswer([ofDisabled, ofDeleted], [disabledPan]) }] });
    const store = makeStore({ api: fake.api });
    await store.dispatch(fetchQuotationItems());
    store.dispatch(checkQuotationItem(ofDisabled.id, true));
    store.dispatch(checkQuotationItem(ofDeleted.id, true));
    expect(store.getState().selection.quotationItemIds).toEqual([]);
  });

  it('an id that is not in the list cannot be checked', async () => {
    const { store } = await storeWithQuotations();
    store.dispatch(checkQuotationItem('nope', true));
    expect(store.getState().selection.quotationItemIds).toEqual([]);
  });

  it('select-all checks every checkable item and the derived flag is on; clearing it unchecks all', async () => {
    const { store } = await storeWithQuotations();
    const checkable = [quoted.id, quotedPhone.id];
    store.dispatch(checkAllQuotationItems(true));
    expect(store.getState().selection.quotationItemIds).toEqual(checkable);
    expect(allQuotationItemsChecked(store.getState().selection, checkable)).toBe(true);
    store.dispatch(checkAllQuotationItems(false));
    expect(store.getState().selection.quotationItemIds).toEqual([]);
    expect(allQuotationItemsChecked(store.getState().selection, checkable)).toBe(false);
  });

  it('with nothing checkable the derived flag stays off', () => {
    expect(allQuotationItemsChecked({ quotationItemIds: [] }, [])).toBe(false);
  });

  it('ids that no longer exist are dropped when the list changes', async () => {
    const { store } = await storeWithQuotations({ [`DELETE /quotation_item/${quoted.id}`]: [{ ok: undefined }] });
    store.dispatch(checkAllQuotationItems(true));
    await store.dispatch(removeQuotationItem(quoted.id));
    await settle();
    expect(store.getState().selection.quotationItemIds).toEqual([quotedPhone.id]);
  });

  it('ids missing from a fresh fetch are dropped', async () => {
    const { store } = await storeWithQuotations({ '/quotation_item': [{ ok: list }, { ok: quotationAnswer([quotedPhone], [phone()]) }] });
    store.dispatch(checkAllQuotationItems(true));
    await store.dispatch(fetchQuotationItems());
    await settle();
    expect(store.getState().selection.quotationItemIds).toEqual([quotedPhone.id]);
  });

  it('an item that is no longer checkable (changed, so pending again) is unchecked', async () => {
    const reopened = { ...quotedPhone, quantity: 3, status: 'p' as const, statusData: null, checkable: false };
    const { store } = await storeWithQuotations({
      [`PUT /quotation_item/${quotedPhone.id}`]: [{ ok: { quotationItem: reopened, product: phone() } }],
    });
    store.dispatch(checkAllQuotationItems(true));
    await store.dispatch(setQuotationItem({ id: quotedPhone.id, quantity: 3 }));
    await settle();
    expect(store.getState().selection.quotationItemIds).toEqual([quoted.id]);
  });

  it("the cart's allChecked flag is about cart lines only", async () => {
    const fake = fakeApi({ '/cart': [{ ok: cart }], '/quotation_item': [{ ok: list }] });
    const store = makeStore({ api: fake.api });
    await store.dispatch(fetchCart());
    await store.dispatch(fetchQuotationItems());
    await settle();
    expect(store.getState().selection).toMatchObject({ cartItemIds: [a.id, b.id, c.id], quotationItemIds: [], allChecked: true });
  });

  it('signing out clears the quotation selection too', async () => {
    const { store } = await storeWithQuotations();
    store.dispatch(checkAllQuotationItems(true));
    store.dispatch(signedOut());
    expect(store.getState().selection).toEqual(initialSelectionState);
  });
});
