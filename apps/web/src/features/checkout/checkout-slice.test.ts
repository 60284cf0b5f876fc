import type { ApiClient } from '@kedai/contract/client';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../store/store';
import { envelope, fakeApi, settle, type Answer } from '../../store/testing';
import { signedOut } from '../account/user-slice';
import { fetchCart } from '../cart/cart-slice';
import { cartAnswer } from '../cart/test-fixtures';
import {
  checkVoucher,
  estimateCosts,
  initialCheckoutState,
  openCheckout,
  paymentMethodChosen,
  placeOrder,
  startCheckout,
  type PlaceOrderInput,
} from './checkout-slice';
import { SESSION_KEY, estimate, estimateLine, line, order, pan, phone, session } from './test-fixtures';

const withStatus = (status: number, errorCode: string, error: string, params: unknown[] = []) =>
  Object.assign(envelope(errorCode, error, params), { status });

const phoneLine = line(phone(), { variantPath: '1/1', quantity: 2 });
const panLine = line(pan(), { quantity: 2 });
const current = session([phoneLine, panLine], [phone(), pan()]);
const priced = estimate([estimateLine(phoneLine.id, 'Pixel 8a', 2, 169900), estimateLine(panLine.id, 'Frying Pan', 2, 7690)]);
const sessionPath = `/checkout/session/${SESSION_KEY}`;

/** A store over a fake API that also keeps the headers of every `create_order`. */
function storeWith(answers: Record<string, Answer[]>) {
  const fake = fakeApi({ [sessionPath]: [{ ok: current }], '/checkout/estimate_costs': [{ ok: priced }], ...answers });
  const headers: (Record<string, string> | undefined)[] = [];
  const api = {
    ...fake.api,
    post: (path: string, options?: { headers?: Record<string, string> }) => {
      if (path === '/checkout/create_order') headers.push(options?.headers);
      return (fake.api.post as (p: string, o?: unknown) => Promise<unknown>)(path, options);
    },
  } as ApiClient;
  return { store: makeStore({ api }), headers, ...fake };
}

async function openedStore(answers: Record<string, Answer[]> = {}) {
  const setup = storeWith(answers);
  await setup.store.dispatch(openCheckout({ key: SESSION_KEY, regionCountryCode: 'SG' }));
  return setup;
}

const choices: PlaceOrderInput = {
  shippingAddressId: 'aaaaaaaa-0000-4000-8000-000000000001',
  billingAddressId: null,
  voucherCode: null,
  notes: '  Leave it with the guard.  ',
};

describe('starting a checkout from the selection', () => {
  it('sends the checked cart lines and quotation items and resolves with the new key', async () => {
    const { store, post } = storeWith({ 'POST /checkout/session': [{ ok: { key: SESSION_KEY, expiresAt: 1_800_003_600 } }] });
    const result = await store.dispatch(startCheckout({ cartItemIds: ['c1', 'c2'], quotationItemIds: ['q1'] }));
    expect(result.payload).toBe(SESSION_KEY);
    expect(post).toHaveBeenCalledWith('/checkout/session', { cartItemIds: ['c1', 'c2'], quotationItemIds: ['q1'] });
    expect(store.getState().checkout).toMatchObject({ starting: false, startError: null });
  });

  it('a refusal is kept in words in its own slot', async () => {
    const { store } = storeWith({
      'POST /checkout/session': [
        { fail: withStatus(400, 'checkout/nothing_selected', 'Choose at least one item to check out, at most 100') },
      ],
    });
    await store.dispatch(startCheckout({ cartItemIds: [], quotationItemIds: [] }));
    expect(store.getState().checkout.startError).toBe('Choose at least one item to check out.');
  });
});

describe('opening a checkout', () => {
  it('reads the session in the shopper’s region', async () => {
    const { store, get } = await openedStore();
    expect(get).toHaveBeenCalledWith(sessionPath, { regionCountryCode: 'SG' });
    expect(store.getState().checkout).toMatchObject({ key: SESSION_KEY, status: 'ready', session: current, regionCountryCode: 'SG' });
  });

  it('an unknown or expired session is expired, not a failure', async () => {
    const { store } = await openedStore({
      [sessionPath]: [{ fail: withStatus(404, 'checkout/session_not_found', 'This checkout has expired or does not exist') }],
    });
    expect(store.getState().checkout).toMatchObject({ status: 'expired', loadError: null });
  });

  it('another failure says why, and reading again recovers', async () => {
    const { store } = await openedStore({ [sessionPath]: [{ fail: withStatus(500, 'general/unknown_error', 'boom') }, { ok: current }] });
    expect(store.getState().checkout.status).toBe('failed');
    expect(store.getState().checkout.loadError).toBeTruthy();
    await store.dispatch(openCheckout({ key: SESSION_KEY, regionCountryCode: 'SG' }));
    expect(store.getState().checkout).toMatchObject({ status: 'ready', loadError: null });
  });
});

describe('the estimate', () => {
  it('asks with the session, the region, the address and the voucher chosen', async () => {
    const { store, get } = await openedStore();
    await store.dispatch(estimateCosts({ shippingAddressId: 'addr-1', voucherCode: 'WELCOME10' }));
    expect(get).toHaveBeenLastCalledWith('/checkout/estimate_costs', {
      checkoutSessionKey: SESSION_KEY,
      voucherCode: 'WELCOME10',
      shippingAddressId: 'addr-1',
      regionCountryCode: 'SG',
      paymentMethod: 'card',
    });
    expect(store.getState().checkout).toMatchObject({ estimate: priced, estimating: false });
  });

  it('only the latest ask’s answer counts', async () => {
    let answerFirst: (value: unknown) => void = () => {};
    const first = new Promise((resolve) => (answerFirst = resolve));
    const later = { ...priced, shipping: 800 };
    const { store } = await openedStore({ '/checkout/estimate_costs': [{ wait: first }, { ok: later }] });
    const slow = store.dispatch(estimateCosts({ shippingAddressId: 'a', voucherCode: null }));
    await store.dispatch(estimateCosts({ shippingAddressId: 'b', voucherCode: null }));
    answerFirst({ ...priced, shipping: 1 });
    await slow;
    expect(store.getState().checkout.estimate).toEqual(later);
    expect(store.getState().checkout.estimateChoices).toEqual({ shippingAddressId: 'b', voucherCode: null });
  });

  it('a session that expired meanwhile makes the page expired', async () => {
    const { store } = await openedStore({
      '/checkout/estimate_costs': [{ fail: withStatus(404, 'checkout/session_not_found', 'gone') }],
    });
    await store.dispatch(estimateCosts({ shippingAddressId: null, voucherCode: null }));
    expect(store.getState().checkout.status).toBe('expired');
  });
});

describe('placing the order', () => {
  it('sends the choices with one Idempotency-Key, and the order’s cart lines leave the cart', async () => {
    const placed = order({ cartItems: [phoneLine.id, panLine.id] });
    const { store, post, headers } = await openedStore({
      '/cart': [{ ok: cartAnswer([phoneLine, panLine], [phone(), pan()]) }],
      'POST /checkout/create_order': [{ ok: placed }],
    });
    await store.dispatch(fetchCart());
    const result = await store.dispatch(placeOrder({ ...choices, voucherCode: 'WELCOME10' }));
    expect(result.payload).toEqual(placed);
    expect(post).toHaveBeenCalledWith('/checkout/create_order', {
      checkoutSessionKey: SESSION_KEY,
      paymentMethod: 'card',
      shippingAddressId: choices.shippingAddressId,
      voucherCode: 'WELCOME10',
      notes: 'Leave it with the guard.',
      regionCountryCode: 'SG',
    });
    expect(headers).toEqual([{ 'Idempotency-Key': expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) }]);
    expect(store.getState().checkout).toMatchObject({ placing: false, placedOrderId: placed.id, placeError: null });
    expect(store.getState().cart.data).toEqual([]);
  });

  it('a billing address other than the shipping one is sent; the same one is left out', async () => {
    const { store, post } = await openedStore({ 'POST /checkout/create_order': [{ ok: order() }] });
    await store.dispatch(placeOrder({ ...choices, billingAddressId: 'bill-1' }));
    expect(post.mock.calls[0]![1]).toMatchObject({ billingAddressId: 'bill-1' });
    await store.dispatch(placeOrder(choices));
    expect(post.mock.calls[1]![1]).not.toHaveProperty('billingAddressId');
  });

  it('keeps the attempt’s key for every retry of the session, and a new session gets a new one', async () => {
    const unreachable = withStatus(0, 'general/api_unreachable', 'The shop could not be reached');
    const { store, headers } = await openedStore({
      'POST /checkout/create_order': [{ fail: unreachable }, { fail: withStatus(400, 'voucher/used_up', 'x') }, { ok: order() }],
    });
    await store.dispatch(placeOrder(choices));
    await store.dispatch(placeOrder(choices));
    await store.dispatch(placeOrder(choices));
    expect(headers).toHaveLength(3);
    const first = headers[0]!['Idempotency-Key'];
    expect(headers.map((h) => h!['Idempotency-Key'])).toEqual([first, first, first]);
    expect(store.getState().checkout.attemptKey).toBe(first);

    await store.dispatch(openCheckout({ key: 'another-session-key', regionCountryCode: 'SG' }));
    expect(store.getState().checkout.attemptKey).toBeNull();
  });

  it('the same session read again keeps its attempt key', async () => {
    const { store } = await openedStore({ 'POST /checkout/create_order': [{ fail: withStatus(400, 'checkout/address_required', 'x') }] });
    await store.dispatch(placeOrder(choices));
    const key = store.getState().checkout.attemptKey;
    await store.dispatch(openCheckout({ key: SESSION_KEY, regionCountryCode: 'SG' }));
    expect(store.getState().checkout.attemptKey).toBe(key);
  });

  it('a 409 items_unavailable says so and reads the session and the estimate again', async () => {
    const after = estimate([estimateLine(phoneLine.id, 'Pixel 8a', 2, null, { reason: 'out_of_stock' })]);
    const { store, get } = await openedStore({
      'POST /checkout/create_order': [
        {
          fail: withStatus(409, 'checkout/items_unavailable', 'Some items can no longer be bought', [
            { id: phoneLine.id, kind: 'cart', reason: 'out_of_stock' },
          ]),
        },
      ],
      '/checkout/estimate_costs': [{ ok: priced }, { ok: after }],
    });
    await store.dispatch(estimateCosts({ shippingAddressId: 'addr-1', voucherCode: null }));
    get.mockClear();
    await store.dispatch(placeOrder(choices));
    await settle();
    expect(store.getState().checkout.placeError).toEqual({
      message: 'Some items can no longer be bought. Check them and try again.',
      code: 'checkout/items_unavailable',
      maybePlaced: false,
    });
    expect(get.mock.calls.map((call) => call[0]).sort()).toEqual(['/checkout/estimate_costs', sessionPath]);
    expect(get).toHaveBeenCalledWith('/checkout/estimate_costs', expect.objectContaining({ shippingAddressId: 'addr-1' }));
    expect(store.getState().checkout.estimate).toEqual(after);
  });

  it('a session gone after an attempt that got no answer may mean the order was placed', async () => {
    const { store } = await openedStore({
      'POST /checkout/create_order': [
        { fail: withStatus(0, 'general/api_unreachable', 'unreachable') },
        { fail: withStatus(404, 'checkout/session_not_found', 'gone') },
      ],
    });
    await store.dispatch(placeOrder(choices));
    expect(store.getState().checkout.attemptUnanswered).toBe(true);
    await store.dispatch(placeOrder(choices));
    expect(store.getState().checkout.placeError).toMatchObject({ maybePlaced: true });
    expect(store.getState().checkout.placeError?.message).toContain('Check your orders');
    expect(store.getState().checkout.status).toBe('ready');
  });

  it('a session gone without such an attempt is simply expired', async () => {
    const { store } = await openedStore({
      'POST /checkout/create_order': [{ fail: withStatus(404, 'checkout/session_not_found', 'gone') }],
    });
    await store.dispatch(placeOrder(choices));
    expect(store.getState().checkout.status).toBe('expired');
  });
});

describe('the payment method', () => {
  const inYen = estimate([estimateLine(phoneLine.id, 'Pixel 8a', 2, 24000)], { region: 'JP', currency: 'JPY' });

  it('is card until the shopper chooses, and is sent with the estimate and the order', async () => {
    const { store, get, post } = await openedStore({ 'POST /checkout/create_order': [{ ok: order() }] });
    expect(store.getState().checkout.paymentMethod).toBe('card');
    await store.dispatch(estimateCosts({ shippingAddressId: null, voucherCode: null }));
    expect(get).toHaveBeenLastCalledWith('/checkout/estimate_costs', expect.objectContaining({ paymentMethod: 'card' }));
    await store.dispatch(placeOrder(choices));
    expect(post.mock.calls[0]![1]).toMatchObject({ paymentMethod: 'card' });
  });

  it('PayNow, chosen for an order in Singapore dollars, is sent as the paymentMethod of create_order', async () => {
    const { store, post } = await openedStore({ 'POST /checkout/create_order': [{ ok: order({ paymentMethod: 'paynow' }) }] });
    await store.dispatch(estimateCosts({ shippingAddressId: null, voucherCode: null }));
    store.dispatch(paymentMethodChosen('paynow'));
    expect(store.getState().checkout.paymentMethod).toBe('paynow');
    await store.dispatch(placeOrder(choices));
    expect(post).toHaveBeenCalledWith('/checkout/create_order', expect.objectContaining({ paymentMethod: 'paynow' }));
  });

  it('PayNow cannot be chosen for an order in another currency, nor before the costs are known', async () => {
    const { store } = await openedStore({ '/checkout/estimate_costs': [{ ok: inYen }] });
    store.dispatch(paymentMethodChosen('paynow'));
    expect(store.getState().checkout.paymentMethod).toBe('card');
    await store.dispatch(estimateCosts({ shippingAddressId: null, voucherCode: null }));
    store.dispatch(paymentMethodChosen('paynow'));
    expect(store.getState().checkout.paymentMethod).toBe('card');
  });

  it('falls back to card when the region changes to one priced in another currency', async () => {
    const { store } = await openedStore({ '/checkout/estimate_costs': [{ ok: priced }, { ok: inYen }] });
    await store.dispatch(estimateCosts({ shippingAddressId: null, voucherCode: null }));
    store.dispatch(paymentMethodChosen('paynow'));
    await store.dispatch(openCheckout({ key: SESSION_KEY, regionCountryCode: 'JP' }));
    await store.dispatch(estimateCosts({ shippingAddressId: null, voucherCode: null }));
    expect(store.getState().checkout).toMatchObject({ regionCountryCode: 'JP', paymentMethod: 'card' });
  });

  it('stays PayNow while the estimate stays in Singapore dollars; another session starts with card', async () => {
    const { store } = await openedStore();
    await store.dispatch(estimateCosts({ shippingAddressId: null, voucherCode: null }));
    store.dispatch(paymentMethodChosen('paynow'));
    await store.dispatch(estimateCosts({ shippingAddressId: 'addr-1', voucherCode: null }));
    expect(store.getState().checkout.paymentMethod).toBe('paynow');
    await store.dispatch(openCheckout({ key: 'another-session-key', regionCountryCode: 'SG' }));
    expect(store.getState().checkout.paymentMethod).toBe('card');
  });
});

describe('vouchers and signing out', () => {
  it('checkVoucher resolves with the voucher or rejects with the reason in words', async () => {
    const summary = {
      code: 'WELCOME10',
      kind: 'fixed' as const,
      percentBp: null,
      amountOff: { SGD: 1000 },
      minSpend: {},
      maxDiscount: {},
      validUntil: null,
      scope: 'both' as const,
    };
    const { store, post } = storeWith({
      'POST /voucher/validate': [{ ok: summary }, { fail: withStatus(404, 'voucher/not_found', 'This voucher code does not exist') }],
    });
    expect((await store.dispatch(checkVoucher(' WELCOME10 '))).payload).toEqual(summary);
    expect(post).toHaveBeenCalledWith('/voucher/validate', { code: 'WELCOME10' });
    expect((await store.dispatch(checkVoucher('NOPE'))).payload).toBe('We do not know this voucher code. Check it and try again.');
  });

  it('signing out empties the checkout', async () => {
    const { store } = await openedStore();
    store.dispatch(signedOut());
    expect(store.getState().checkout).toEqual(initialCheckoutState);
  });
});
