import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { makeStore } from '../../store/store';
import { envelope, fakeApi, type Answer } from '../../store/testing';
import { sessionExpired, signedOut } from '../account/user-slice';
import { fetchCart } from '../cart/cart-slice';
import { cartAnswer, line } from '../cart/test-fixtures';
import {
  addExternalQuotation,
  addInternalQuotation,
  addInternalQuotationFromProduct,
  checkableQuotationItemIds,
  fetchQuotationItems,
  initialQuotationState,
  quotationItemGone,
  removeQuotationItem,
  requestQuotation,
  setQuotationItem,
} from './quotation-slice';
import { externalItem, externalProduct, internalItem, pan, phone, quotationAnswer, quote } from './test-fixtures';

const withStatus = (status: number, errorCode: string, error: string, params: unknown[] = []) =>
  Object.assign(envelope(errorCode, error, params), { status });

function storeWith(answers: Record<string, Answer[]>) {
  const fake = fakeApi(answers);
  return { store: makeStore({ api: fake.api }), ...fake };
}

const phoneItem = internalItem(phone(), { quantity: 2, status: 'r', statusData: quote({ SG: 99000 }) });
const panItem = internalItem(pan());
const marketItem = externalItem();
const fullList = quotationAnswer([marketItem, phoneItem, panItem], [phone(), pan()]);

async function loadedStore(answers: Record<string, Answer[]> = {}) {
  const setup = storeWith({ '/quotation_item': [{ ok: fullList }], ...answers });
  await setup.store.dispatch(fetchQuotationItems());
  setup.get.mockClear();
  return setup;
}

let errorLog: MockInstance<typeof console.error>;
beforeEach(() => {
  errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errorLog.mockRestore());

describe('quotation item state (spec §3 "Quotation item state")', () => {
  it('starts with no items, no products, not loaded, every error slot empty', () => {
    const { store } = storeWith({});
    expect(store.getState().quotations).toEqual(initialQuotationState);
    expect(store.getState().quotations).toMatchObject({
      data: [],
      productById: {},
      dataLoaded: false,
      addInternalError: null,
      addInternalFromProductError: null,
      addExternalError: null,
      removeError: null,
      setError: null,
      fetchError: null,
    });
  });
});

describe('fetching the list (GET /quotation_item)', () => {
  it('fills data (newest first, as answered), productById keyed by uuid, and dataLoaded', async () => {
    const { store } = storeWith({ '/quotation_item': [{ ok: fullList }] });
    await store.dispatch(fetchQuotationItems());
    const quotations = store.getState().quotations;
    expect(quotations.data.map((item) => item.id)).toEqual([marketItem.id, phoneItem.id, panItem.id]);
    expect(Object.keys(quotations.productById).sort()).toEqual([phone().uuid, pan().uuid].sort());
    expect(quotations.dataLoaded).toBe(true);
  });

  it('a failure stores the shopper text in the fetch slot', async () => {
    const { store } = storeWith({ '/quotation_item': [{ fail: withStatus(500, 'general/unknown_error', 'boom', ['boom']) }] });
    await store.dispatch(fetchQuotationItems());
    expect(store.getState().quotations).toMatchObject({
      dataLoaded: false,
      loading: false,
      fetchError: 'Something went wrong on our side. Please try again in a moment.',
    });
  });

  it('when asked twice, the latest answer wins', async () => {
    let releaseFirst!: (value: unknown) => void;
    const first = new Promise((resolve) => (releaseFirst = resolve));
    const { store } = storeWith({ '/quotation_item': [{ wait: first }, { ok: fullList }] });
    const slow = store.dispatch(fetchQuotationItems());
    await store.dispatch(fetchQuotationItems());
    releaseFirst(quotationAnswer([], []));
    await slow;
    expect(store.getState().quotations.data).toHaveLength(3);
  });

  it('a fetch in flight does not bring back an item removed meanwhile', async () => {
    let releaseStale!: (value: unknown) => void;
    const stale = new Promise((resolve) => (releaseStale = resolve));
    const { store } = await loadedStore({
      '/quotation_item': [{ ok: fullList }, { wait: stale }],
      [`DELETE /quotation_item/${panItem.id}`]: [{ ok: undefined }],
    });
    const fetching = store.dispatch(fetchQuotationItems());
    await store.dispatch(removeQuotationItem(panItem.id));
    releaseStale(fullList);
    await fetching;
    expect(store.getState().quotations.data.map((item) => item.id)).toEqual([marketItem.id, phoneItem.id]);
  });
});

describe('from a cart line (POST /quotation_item/internal, spec §4)', () => {
  const cartLine = line(pan(), { quantity: 3, message: 'blue one' });
  const moved = internalItem(pan(), { quantity: 3, instructions: 'blue one' });

  async function withCart(answers: Record<string, Answer[]>) {
    const setup = await loadedStore({ '/cart': [{ ok: cartAnswer([cartLine], [pan()]) }], ...answers });
    await setup.store.dispatch(fetchCart());
    return setup;
  }

  it('adds the item first in the list and removes the line from the cart', async () => {
    const { store, post } = await withCart({ 'POST /quotation_item/internal': [{ ok: { quotationItem: moved, product: pan() } }] });
    await store.dispatch(addInternalQuotation(cartLine.id));
    expect(post).toHaveBeenCalledWith('/quotation_item/internal', { cartItemId: cartLine.id });
    expect(store.getState().quotations.data[0]).toEqual(moved);
    expect(store.getState().quotations.productById[pan().uuid]).toEqual(pan());
    expect(store.getState().cart.data).toEqual([]);
  });

  it('a failure keeps the cart line and stores the text in the add-internal slot; the next try clears it', async () => {
    const { store } = await withCart({
      'POST /quotation_item/internal': [
        { fail: withStatus(409, 'quotation/max_items_reached', 'full', [100]) },
        { ok: { quotationItem: moved, product: pan() } },
      ],
    });
    await store.dispatch(addInternalQuotation(cartLine.id));
    expect(store.getState().quotations.addInternalError).toBe('Your quotation list can hold up to 100 items. Remove some to ask for more.');
    expect(store.getState().cart.data).toHaveLength(1);
    expect(store.getState().quotations.data).toHaveLength(3);
    await store.dispatch(addInternalQuotation(cartLine.id));
    expect(store.getState().quotations.addInternalError).toBeNull();
  });

  it('a 404 cart/not_found (the line already left the cart) drops the line locally and says so', async () => {
    const { store } = await withCart({ 'POST /quotation_item/internal': [{ fail: withStatus(404, 'cart/not_found', 'gone') }] });
    await store.dispatch(addInternalQuotation(cartLine.id));
    expect(store.getState().cart.data).toEqual([]);
    expect(store.getState().quotations.addInternalError).toBe('This item is no longer in your cart.');
  });
});

describe('from a product page (POST /quotation_item/internal_product)', () => {
  it('sends the variant, quantity and instructions, and puts the item first', async () => {
    const added = internalItem(phone(), { quantity: 4, instructions: 'for an office' });
    const { store, post } = await loadedStore({
      'POST /quotation_item/internal_product': [{ ok: { quotationItem: added, product: phone() } }],
    });
    await store.dispatch(
      addInternalQuotationFromProduct({ productId: phone().uuid, variantPath: '0/0', quantity: 4, instructions: 'for an office' }),
    );
    expect(post).toHaveBeenCalledWith('/quotation_item/internal_product', {
      productId: phone().uuid,
      variantPath: '0/0',
      quantity: 4,
      instructions: 'for an office',
    });
    expect(store.getState().quotations.data[0]?.id).toBe(added.id);
  });

  it('a failure stores the text in the add-internal-from-product slot; the next try clears it', async () => {
    const added = internalItem(phone());
    const { store } = await loadedStore({
      'POST /quotation_item/internal_product': [
        { fail: withStatus(400, 'cart/invalid_variant_path', 'bad') },
        { ok: { quotationItem: added, product: phone() } },
      ],
    });
    await store.dispatch(addInternalQuotationFromProduct({ productId: phone().uuid, variantPath: '', quantity: 1, instructions: '' }));
    expect(store.getState().quotations.addInternalFromProductError).not.toBeNull();
    expect(store.getState().quotations.addInternalError).toBeNull();
    await store.dispatch(addInternalQuotationFromProduct({ productId: phone().uuid, variantPath: '0/0', quantity: 1, instructions: '' }));
    expect(store.getState().quotations.addInternalFromProductError).toBeNull();
  });
});

describe('a marketplace product (POST /quotation_item/external, POST /quotation/request)', () => {
  it('adds a product read from its link', async () => {
    const read = externalProduct({ name: 'Graph Kettle' });
    const added = externalItem(read, { quantity: 2 });
    const { store, post } = await loadedStore({ 'POST /quotation_item/external': [{ ok: { quotationItem: added, product: null } }] });
    await store.dispatch(addExternalQuotation({ externalProductId: read.id, quantity: 2, instructions: '' }));
    expect(post).toHaveBeenCalledWith('/quotation_item/external', { externalProductId: read.id, quantity: 2, instructions: '' });
    expect(store.getState().quotations.data[0]).toEqual(added);
  });

  it("a product described by hand is sent from 'r' with every field", async () => {
    const added = externalItem(externalProduct({ origin: 'manual', price: null, currency: null }));
    const { store, post } = await loadedStore({ 'POST /quotation/request': [{ ok: { quotationItem: added, product: null } }] });
    const input = {
      productUrl: 'https://shop.example/rice-cooker',
      productName: 'Rice cooker 3L',
      productQuantity: 2,
      instructions: 'the white one',
      imageUrl: '',
    };
    await store.dispatch(requestQuotation(input));
    expect(post).toHaveBeenCalledWith('/quotation/request', { from: 'r', ...input });
    expect(store.getState().quotations.data[0]?.id).toBe(added.id);
  });

  it('both store a failure in the add-external slot, and the next try clears it', async () => {
    const added = externalItem();
    const { store } = await loadedStore({
      'POST /quotation/request': [{ fail: withStatus(400, 'quotation/invalid_name', 'bad') }],
      'POST /quotation_item/external': [{ ok: { quotationItem: added, product: null } }],
    });
    await store.dispatch(
      requestQuotation({ productUrl: 'https://a.example/x', productName: ' ', productQuantity: 1, instructions: '', imageUrl: '' }),
    );
    expect(store.getState().quotations.addExternalError).toBe('Give the product a name of up to 200 characters.');
    await store.dispatch(addExternalQuotation({ externalProductId: added.externalProduct!.id, quantity: 1, instructions: '' }));
    expect(store.getState().quotations.addExternalError).toBeNull();
  });
});

describe('setting an item (PUT /quotation_item/{id}, quantity and instructions only)', () => {
  it('sends only quantity and instructions and puts the answer in place', async () => {
    const reopened = { ...phoneItem, quantity: 5, instructions: 'urgent', status: 'p' as const, statusData: null, checkable: false };
    const { store, put } = await loadedStore({
      [`PUT /quotation_item/${phoneItem.id}`]: [{ ok: { quotationItem: reopened, product: phone() } }],
    });
    await store.dispatch(setQuotationItem({ id: phoneItem.id, quantity: 5, instructions: 'urgent' }));
    expect(put).toHaveBeenCalledWith(`/quotation_item/${phoneItem.id}`, { quantity: 5, instructions: 'urgent' });
    expect(store.getState().quotations.data[1]).toEqual(reopened);
  });

  it('an item no longer in the list is removed locally with no server call', async () => {
    const { store, put } = await loadedStore();
    await store.dispatch(setQuotationItem({ id: 'gone', quantity: 2 }));
    expect(put).not.toHaveBeenCalled();
    expect(store.getState().quotations.data).toHaveLength(3);
    expect(store.getState().quotations.setError).toBeNull();
  });

  it('a 404 quotation/not_found removes it locally (its product too when no other item names it)', async () => {
    const { store } = await loadedStore({
      [`PUT /quotation_item/${panItem.id}`]: [{ fail: withStatus(404, 'quotation/not_found', 'gone') }],
    });
    await store.dispatch(setQuotationItem({ id: panItem.id, quantity: 2 }));
    expect(store.getState().quotations.data.map((item) => item.id)).toEqual([marketItem.id, phoneItem.id]);
    expect(store.getState().quotations.productById[pan().uuid]).toBeUndefined();
    expect(store.getState().quotations.setError).toBeNull();
  });

  it('a failure stores the text in the set slot and leaves the item as it was; the next try clears it', async () => {
    const { store } = await loadedStore({
      [`PUT /quotation_item/${panItem.id}`]: [
        { fail: withStatus(400, 'quotation/invalid_instructions', 'long', [500]) },
        { ok: { quotationItem: panItem, product: pan() } },
      ],
    });
    await store.dispatch(setQuotationItem({ id: panItem.id, instructions: 'x'.repeat(600) }));
    expect(store.getState().quotations.setError).toBe('Your instructions can have up to 500 characters.');
    expect(store.getState().quotations.data[2]).toEqual(panItem);
    await store.dispatch(setQuotationItem({ id: panItem.id, instructions: 'short' }));
    expect(store.getState().quotations.setError).toBeNull();
  });
});

describe('removing an item (DELETE /quotation_item/{id})', () => {
  it('removes the item after the server agrees', async () => {
    const { store, delete: del } = await loadedStore({ [`DELETE /quotation_item/${marketItem.id}`]: [{ ok: undefined }] });
    const result = await store.dispatch(removeQuotationItem(marketItem.id));
    expect(del).toHaveBeenCalledWith(`/quotation_item/${marketItem.id}`);
    expect(result.payload).toEqual(marketItem);
    expect(store.getState().quotations.data.map((item) => item.id)).toEqual([phoneItem.id, panItem.id]);
  });

  it('an item no longer in the list is removed locally with no server call', async () => {
    const { store, delete: del } = await loadedStore();
    await store.dispatch(removeQuotationItem('gone'));
    expect(del).not.toHaveBeenCalled();
    expect(store.getState().quotations.removeError).toBeNull();
  });

  it('a 404 quotation/not_found removes it locally with no error', async () => {
    const { store } = await loadedStore({
      [`DELETE /quotation_item/${panItem.id}`]: [{ fail: withStatus(404, 'quotation/not_found', 'gone') }],
    });
    await store.dispatch(removeQuotationItem(panItem.id));
    expect(store.getState().quotations.data).toHaveLength(2);
    expect(store.getState().quotations.removeError).toBeNull();
  });

  it("a 404 that is not the quotation's own keeps the item and stores the error", async () => {
    const { store } = await loadedStore({
      [`DELETE /quotation_item/${panItem.id}`]: [{ fail: withStatus(404, 'general/not_found', 'Not found') }],
    });
    await store.dispatch(removeQuotationItem(panItem.id));
    expect(store.getState().quotations.data).toHaveLength(3);
    expect(store.getState().quotations.removeError).not.toBeNull();
  });

  it('a failure stores the text in the remove slot and keeps the item; the next try clears it', async () => {
    const { store } = await loadedStore({
      [`DELETE /quotation_item/${panItem.id}`]: [{ fail: new Error('Network down') }, { ok: undefined }],
    });
    await store.dispatch(removeQuotationItem(panItem.id));
    expect(store.getState().quotations.removeError).toBe('Network down');
    expect(store.getState().quotations.data).toHaveLength(3);
    await store.dispatch(removeQuotationItem(panItem.id));
    expect(store.getState().quotations.removeError).toBeNull();
  });

  it('quotationItemGone drops an item locally', async () => {
    const { store } = await loadedStore();
    store.dispatch(quotationItemGone(phoneItem.id));
    expect(store.getState().quotations.data.map((item) => item.id)).toEqual([marketItem.id, panItem.id]);
    expect(store.getState().quotations.productById[phone().uuid]).toBeUndefined();
  });
});

describe('which items can be checked out (spec §4)', () => {
  it('only resolved items, and internal ones only while their product is there and enabled', async () => {
    const resolvedMarket = externalItem(externalProduct(), {
      status: 'r',
      statusData: quote({ SG: 1000 }, { basePrice: 12990, basePriceCurrency: 'USD' }),
    });
    const declined = externalItem(externalProduct(), { status: 'd', declineReason: 'Cannot ship it' });
    const disabled = pan({ uuid: '22222222-2222-4222-8222-222222222222', disabled: true });
    const ofDisabled = internalItem(disabled, { status: 'r', statusData: quote({ SG: 1000 }), checkable: true });
    const ofDeleted = internalItem(undefined, {
      status: 'r',
      statusData: quote({ SG: 1000 }),
      productSourceData: { productId: '33333333-3333-4333-8333-333333333333', variantPath: '' },
      checkable: true,
    });
    const { store } = storeWith({
      '/quotation_item': [
        { ok: quotationAnswer([resolvedMarket, declined, phoneItem, panItem, ofDisabled, ofDeleted], [phone(), pan(), disabled]) },
      ],
    });
    await store.dispatch(fetchQuotationItems());
    expect(checkableQuotationItemIds(store.getState().quotations)).toEqual([resolvedMarket.id, phoneItem.id]);
  });
});

describe('the quotation list and the session', () => {
  it('signing out empties it', async () => {
    const { store } = await loadedStore();
    store.dispatch(signedOut());
    expect(store.getState().quotations).toEqual(initialQuotationState);
  });

  it('a session that cannot be refreshed empties it', async () => {
    const { store } = await loadedStore();
    store.dispatch(sessionExpired());
    expect(store.getState().quotations).toEqual(initialQuotationState);
  });
});
