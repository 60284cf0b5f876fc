import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { makeStore } from '../../store/store';
import { envelope, fakeApi, type Answer } from '../../store/testing';
import { sessionExpired, signedOut } from '../account/user-slice';
import { addToCart, cartItemGone, fetchCart, initialCartState, removeCartItem, selectCartCount, setCartItem } from './cart-slice';
import { cartAnswer, line, pan, phone } from './test-fixtures';

const withStatus = (status: number, errorCode: string, error: string, params: unknown[] = []) =>
  Object.assign(envelope(errorCode, error, params), { status });

function storeWith(answers: Record<string, Answer[]>) {
  const fake = fakeApi(answers);
  return { store: makeStore({ api: fake.api }), ...fake };
}

const phoneLine = line(phone(), { variantPath: '0/0', quantity: 2 });
const panLine = line(pan(), { quantity: 1 });
const fullCart = cartAnswer([phoneLine, panLine], [phone(), pan()]);

async function loadedStore(answers: Record<string, Answer[]> = {}) {
  const setup = storeWith({ '/cart': [{ ok: fullCart }], ...answers });
  await setup.store.dispatch(fetchCart());
  setup.get.mockClear();
  return setup;
}

let errorLog: MockInstance<typeof console.error>;
beforeEach(() => {
  errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errorLog.mockRestore());

describe('cart state (rules: state.md "Cart state")', () => {
  it('starts with no lines, no products, not loaded, every error slot empty', () => {
    const { store } = storeWith({});
    expect(store.getState().cart).toEqual(initialCartState);
    expect(store.getState().cart).toMatchObject({
      data: [],
      productById: {},
      dataLoaded: false,
      addError: null,
      removeError: null,
      setError: null,
      fetchError: null,
    });
  });
});

describe('fetching the cart (GET /cart)', () => {
  it('fills data, productById keyed by uuid, and dataLoaded', async () => {
    const { store } = storeWith({ '/cart': [{ ok: fullCart }] });
    await store.dispatch(fetchCart());
    const cart = store.getState().cart;
    expect(cart.data).toEqual([phoneLine, panLine]);
    expect(Object.keys(cart.productById).sort()).toEqual([phone().uuid, pan().uuid].sort());
    expect(cart.productById[phone().uuid]?.name).toBe(phone().name);
    expect(cart.dataLoaded).toBe(true);
    expect(selectCartCount(store.getState())).toBe(3);
  });

  it('a failure stores the text in the fetch slot (rules: errors.md)', async () => {
    const { store } = storeWith({ '/cart': [{ fail: withStatus(500, 'general/unknown_error', 'boom', ['boom']) }] });
    await store.dispatch(fetchCart());
    expect(store.getState().cart).toMatchObject({
      dataLoaded: false,
      loading: false,
      fetchError: 'Something went wrong on our side. Please try again in a moment.',
    });
  });

  it('when asked twice, the latest answer wins', async () => {
    let releaseFirst!: (value: unknown) => void;
    const first = new Promise((resolve) => (releaseFirst = resolve));
    const { store } = storeWith({ '/cart': [{ wait: first }, { ok: fullCart }] });
    const slow = store.dispatch(fetchCart());
    await store.dispatch(fetchCart());
    releaseFirst(cartAnswer([], []));
    await slow;
    expect(store.getState().cart.data).toHaveLength(2);
  });
});

describe('a fetch in flight while a line changes', () => {
  it('does not undo a quantity the server has since changed', async () => {
    let releaseStale!: (value: unknown) => void;
    const stale = new Promise((resolve) => (releaseStale = resolve));
    const changed = { ...phoneLine, quantity: 5 };
    const { store } = await loadedStore({
      '/cart': [{ ok: fullCart }, { wait: stale }],
      [`PUT /cart/${phoneLine.id}`]: [{ ok: { cartItem: changed, product: phone() } }],
    });
    const fetching = store.dispatch(fetchCart());
    await store.dispatch(setCartItem({ id: phoneLine.id, quantity: 5 }));
    releaseStale(fullCart); // read before the change: quantity 2
    await fetching;
    expect(store.getState().cart.data.find((item) => item.id === phoneLine.id)?.quantity).toBe(5);
    expect(store.getState().cart.loading).toBe(false);
  });

  it('does not bring back a line the server has since removed', async () => {
    let releaseStale!: (value: unknown) => void;
    const stale = new Promise((resolve) => (releaseStale = resolve));
    const { store } = await loadedStore({
      '/cart': [{ ok: fullCart }, { wait: stale }],
      [`DELETE /cart/${panLine.id}`]: [{ ok: undefined }],
    });
    const fetching = store.dispatch(fetchCart());
    await store.dispatch(removeCartItem(panLine.id));
    releaseStale(fullCart);
    await fetching;
    expect(store.getState().cart.data.map((item) => item.id)).toEqual([phoneLine.id]);
  });
});

describe('adding to the cart (POST /cart, rules: state.md)', () => {
  it('when the cart is not loaded yet, adding triggers a full fetch', async () => {
    const added = line(pan(), { quantity: 3 });
    const { store, get, post } = storeWith({
      'POST /cart': [{ ok: { cartItem: added, product: pan() } }],
      '/cart': [{ ok: cartAnswer([phoneLine, added], [phone(), pan()]) }],
    });
    const result = await store.dispatch(addToCart({ productId: pan().uuid, variantPath: '', quantity: 3 }));
    expect(post).toHaveBeenCalledWith('/cart', { productId: pan().uuid, variantPath: '', quantity: 3 });
    expect(get).toHaveBeenCalledWith('/cart');
    expect(addToCart.fulfilled.match(result) && result.payload.cartItem.id).toBe(added.id);
    expect(store.getState().cart.data.map((item) => item.id)).toEqual([phoneLine.id, added.id]);
    expect(store.getState().cart.dataLoaded).toBe(true);
  });

  it('a new line of a loaded cart is appended with its product, no fetch', async () => {
    const added = line(phone(), { variantPath: '1/1', quantity: 1 });
    const { store, get } = await loadedStore({ 'POST /cart': [{ ok: { cartItem: added, product: phone() } }] });
    await store.dispatch(addToCart({ productId: phone().uuid, variantPath: '1/1', quantity: 1 }));
    expect(get).not.toHaveBeenCalled();
    expect(store.getState().cart.data.map((item) => item.id)).toEqual([phoneLine.id, panLine.id, added.id]);
  });

  it('adding an item that already exists only updates its quantity and product (no second line)', async () => {
    const restocked = pan({ stock: 40, name: 'Frying Pan (new)' });
    const merged = { ...panLine, quantity: 4, message: 'ignored locally', updatedAt: panLine.updatedAt + 60 };
    const { store } = await loadedStore({ 'POST /cart': [{ ok: { cartItem: merged, product: restocked } }] });
    await store.dispatch(addToCart({ productId: pan().uuid, variantPath: '', quantity: 3 }));
    const cart = store.getState().cart;
    expect(cart.data).toHaveLength(2);
    expect(cart.data[1]).toMatchObject({ id: panLine.id, quantity: 4, message: panLine.message });
    expect(cart.productById[pan().uuid]?.name).toBe('Frying Pan (new)');
  });

  it('sends the note when there is one, and then keeps the note the server answered', async () => {
    const merged = { ...panLine, quantity: 2, message: 'Gift wrap' };
    const { store, post } = await loadedStore({ 'POST /cart': [{ ok: { cartItem: merged, product: pan() } }] });
    await store.dispatch(addToCart({ productId: pan().uuid, variantPath: '', quantity: 1, message: 'Gift wrap' }));
    expect(post).toHaveBeenCalledWith('/cart', { productId: pan().uuid, variantPath: '', quantity: 1, message: 'Gift wrap' });
    expect(store.getState().cart.data[1]?.message).toBe('Gift wrap');
  });

  it('a failure stores the catalogue message in the add slot; the next add clears it', async () => {
    const { store } = await loadedStore({
      'POST /cart': [{ fail: withStatus(400, 'cart/invalid_quantity', 'bad', [999]) }, { ok: { cartItem: panLine, product: pan() } }],
    });
    await store.dispatch(addToCart({ productId: pan().uuid, variantPath: '', quantity: 0 }));
    expect(store.getState().cart.addError).toBe('Choose a quantity from 1 to 999.');
    expect(store.getState().cart.data).toHaveLength(2);
    await store.dispatch(addToCart({ productId: pan().uuid, variantPath: '', quantity: 1 }));
    expect(store.getState().cart.addError).toBeNull();
  });
});

describe('setting a cart item (PUT /cart/{id}, quantity and note only)', () => {
  it('sends only quantity and note and puts the answer in place', async () => {
    const updated = { ...phoneLine, quantity: 5, message: 'Blue box' };
    const { store, put } = await loadedStore({ [`PUT /cart/${phoneLine.id}`]: [{ ok: { cartItem: updated, product: phone() } }] });
    await store.dispatch(setCartItem({ id: phoneLine.id, quantity: 5, message: 'Blue box' }));
    expect(put).toHaveBeenCalledWith(`/cart/${phoneLine.id}`, { quantity: 5, message: 'Blue box' });
    expect(store.getState().cart.data[0]).toEqual(updated);
  });

  it('an item no longer in the cart is removed locally with no server call', async () => {
    const { store, put } = await loadedStore();
    await store.dispatch(setCartItem({ id: 'gone', quantity: 2 }));
    expect(put).not.toHaveBeenCalled();
    expect(store.getState().cart.data).toHaveLength(2);
    expect(store.getState().cart.setError).toBeNull();
  });

  it('a 404 cart/not_found removes the item locally (its product too when no other line has it)', async () => {
    const { store } = await loadedStore({
      [`PUT /cart/${panLine.id}`]: [{ fail: withStatus(404, 'cart/not_found', 'gone') }],
    });
    await store.dispatch(setCartItem({ id: panLine.id, quantity: 2 }));
    expect(store.getState().cart.data.map((item) => item.id)).toEqual([phoneLine.id]);
    expect(store.getState().cart.productById[pan().uuid]).toBeUndefined();
    expect(store.getState().cart.setError).toBeNull();
  });

  it('a failure stores the catalogue message in the set slot and leaves the line as it was', async () => {
    const { store } = await loadedStore({
      [`PUT /cart/${panLine.id}`]: [{ fail: withStatus(400, 'cart/invalid_message', 'too long', [500]) }],
    });
    await store.dispatch(setCartItem({ id: panLine.id, message: 'x'.repeat(600) }));
    expect(store.getState().cart.setError).toBe('The note to the seller can have up to 500 characters.');
    expect(store.getState().cart.data[1]).toEqual(panLine);
  });
});

describe('removing a cart item (DELETE /cart/{id})', () => {
  it('removes the line after the server agrees', async () => {
    const { store, delete: del } = await loadedStore({ [`DELETE /cart/${panLine.id}`]: [{ ok: undefined }] });
    const result = await store.dispatch(removeCartItem(panLine.id));
    expect(del).toHaveBeenCalledWith(`/cart/${panLine.id}`);
    expect(result.payload).toEqual(panLine);
    expect(store.getState().cart.data.map((item) => item.id)).toEqual([phoneLine.id]);
  });

  it('an item no longer in the cart is removed locally with no server call', async () => {
    const { store, delete: del } = await loadedStore();
    await store.dispatch(removeCartItem('gone'));
    expect(del).not.toHaveBeenCalled();
    expect(store.getState().cart.removeError).toBeNull();
  });

  it('a 404 cart/not_found removes it locally with no error', async () => {
    const { store } = await loadedStore({ [`DELETE /cart/${panLine.id}`]: [{ fail: withStatus(404, 'cart/not_found', 'gone') }] });
    await store.dispatch(removeCartItem(panLine.id));
    expect(store.getState().cart.data).toHaveLength(1);
    expect(store.getState().cart.removeError).toBeNull();
  });

  it("a 404 that is not the cart's own (a proxy, a missing route) keeps the line and stores the error", async () => {
    const { store } = await loadedStore({ [`DELETE /cart/${panLine.id}`]: [{ fail: withStatus(404, 'general/not_found', 'Not found') }] });
    await store.dispatch(removeCartItem(panLine.id));
    expect(store.getState().cart.data).toHaveLength(2);
    expect(store.getState().cart.removeError).not.toBeNull();
  });

  it('a failure stores the text in the remove slot and keeps the line', async () => {
    const { store } = await loadedStore({ [`DELETE /cart/${panLine.id}`]: [{ fail: new Error('Network down') }] });
    await store.dispatch(removeCartItem(panLine.id));
    expect(store.getState().cart.removeError).toBe('Network down');
    expect(store.getState().cart.data).toHaveLength(2);
  });

  it('cartItemGone drops a line locally', async () => {
    const { store } = await loadedStore();
    store.dispatch(cartItemGone(phoneLine.id));
    expect(store.getState().cart.data.map((item) => item.id)).toEqual([panLine.id]);
  });
});

describe('the cart and the session', () => {
  it('signing out empties the cart', async () => {
    const { store } = await loadedStore();
    store.dispatch(signedOut());
    expect(store.getState().cart).toEqual(initialCartState);
  });

  it('a session that cannot be refreshed empties the cart', async () => {
    const { store } = await loadedStore();
    store.dispatch(sessionExpired());
    expect(store.getState().cart).toEqual(initialCartState);
  });
});
