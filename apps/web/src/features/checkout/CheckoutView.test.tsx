// @vitest-environment happy-dom
/**
 * The checkout as a shopper uses it, in a DOM (happy-dom) with the real store over a stand-in API:
 * the address and the payment method chosen, a voucher tried, "Place order" enabled only when the
 * order can be placed, and the call that places it. What each state shows is in
 * checkout-pages.test.tsx; the thunks' rules in checkout-slice.test.ts.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { CostEstimate } from '@kedai/contract';
import { API_UNREACHABLE, ApiError, type ApiClient } from '@kedai/contract/client';
import { formatMoney } from '@kedai/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../store/store';
import { shopper } from '../../store/testing';
import { initialUserState } from '../account/user-slice';
import type { AddressBookLoad } from '../addresses/AddressBook';
import { CheckoutView } from './CheckoutView';
import type { PaymentMethod } from './payment-methods';
import { SESSION_KEY, address, estimate, estimateLine, line, order, pan, phone, session, tokyo } from './test-fixtures';

const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

/** An amount as Testing Library reads it (its text matching turns a no-break space into a space). */
const sgd = (amount: number) => formatMoney(amount, 'SGD').replace(/\s/g, ' ');

const region = { key: 'SG', name: 'Singapore', currency: 'SGD', countries: ['SG'] };
const home = address();
const kl = address({
  id: 'aaaaaaaa-0000-4000-8000-000000000003',
  address: '1 Jalan Ampang',
  unitNumber: '',
  city: 'Kuala Lumpur',
  state: '14',
  postalCode: '50450',
  country: 'MY',
  phoneNumber: '+60312345678',
  main: false,
});
const book: AddressBookLoad = { status: 'ready', addresses: [home, kl, tokyo], countries: ['SG', 'MY'] };

const phoneLine = line(phone(), { variantPath: '1/1', quantity: 1 });
const panLine = line(pan(), { quantity: 2 });
const current = session([phoneLine, panLine], [phone(), pan()]);
const lines = [estimateLine(phoneLine.id, 'Pixel 8a', 1, 169900), estimateLine(panLine.id, 'Frying Pan', 2, 7690)];
const SUBTOTAL = 169900 + 2 * 7690;

type EstimateQuery = { shippingAddressId?: string; voucherCode?: string; paymentMethod: string };

/** What the shop answers `GET /checkout/estimate_costs`: shipping by the address chosen, WELCOME10 takes 10.00 off. */
function estimateFor(query: EstimateQuery): CostEstimate {
  const shipping = query.shippingAddressId === home.id ? 800 : query.shippingAddressId === kl.id ? 2500 : null;
  const discount = query.voucherCode === 'WELCOME10' ? 1000 : 0;
  const voucherError =
    query.voucherCode === 'PANSONLY' ? { errorCode: 'voucher/not_applicable', error: 'Not valid for these items' } : null;
  return estimate(lines, {
    shipping,
    shippingCountry: query.shippingAddressId === kl.id ? 'MY' : query.shippingAddressId ? 'SG' : null,
    discount,
    total: SUBTOTAL + (shipping ?? 0) - discount,
    voucher: query.voucherCode && !voucherError ? { code: query.voucherCode, discount } : null,
    voucherError,
    canPlaceOrder: shipping !== null && !voucherError,
  });
}

type Call = [
  path: string,
  options?: { params?: Record<string, string>; query?: unknown; body?: unknown; headers?: Record<string, string> },
];

function setup(shopTakes?: readonly PaymentMethod[]) {
  const api = {
    get: vi.fn(async (...[path, options]: Call) => {
      if (path === '/checkout/session/:key') return current;
      if (path === '/checkout/estimate_costs') return estimateFor(options!.query as EstimateQuery);
      if (path === '/region/preferred') return { countryCode: null };
      throw new Error(`unexpected GET ${path}`);
    }),
    post: vi.fn(async (...[path, options]: Call): Promise<unknown> => {
      if (path === '/voucher/validate') {
        const code = (options!.body as { code: string }).code;
        if (code === 'NOPE') throw new ApiError({ errorCode: 'voucher/not_found', error: 'No such voucher', params: [] }, 404, path);
        return {
          code,
          kind: 'fixed',
          percentBp: null,
          amountOff: { SG: 1000 },
          minSpend: {},
          maxDiscount: {},
          validUntil: null,
          scope: 'both',
        };
      }
      if (path === '/checkout/create_order') return order({ id: 'bbbbbbbb-0000-4000-8000-0000000000aa', cartItems: [phoneLine.id] });
      throw new Error(`unexpected POST ${path}`);
    }),
    put: vi.fn(),
    delete: vi.fn(),
  };
  const store = makeStore({
    api: api as unknown as ApiClient,
    preloadedState: { user: { ...initialUserState, signedIn: true, tfaPassed: true, profileFetched: true, profile: shopper } },
  });
  const user = userEvent.setup({ delay: null });
  render(
    <Provider store={store}>
      <CheckoutView checkoutKey={SESSION_KEY} region={region} assetsUrl="http://assets.example" shopTakes={shopTakes} initialBook={book} />
    </Provider>,
  );
  const estimates = () => api.get.mock.calls.filter(([path]) => path === '/checkout/estimate_costs').map(([, options]) => options!.query);
  const orders = () => api.post.mock.calls.filter(([path]) => path === '/checkout/create_order').map(([, options]) => options!);
  return { api, store, user, estimates, orders };
}

const shipping = () => within(screen.getByRole('group', { name: 'Shipping address' }));
const billing = () => within(screen.getByRole('group', { name: 'Billing address' }));
const summary = () => within(screen.getByRole('complementary', { name: 'Order summary' }));
const placeButton = () => summary().getByRole<HTMLButtonElement>('button', { name: /Place order|Placing your order/ });
const totalShown = () => summary().getByText('Total').nextElementSibling?.textContent?.replace(/\s/g, ' ');

/** The page once the session and the costs for the main address are read. */
async function ready() {
  const setupDone = setup();
  await waitFor(() => expect(placeButton().disabled).toBe(false));
  return setupDone;
}

beforeEach(() => {
  router.push.mockClear();
});

describe('the checkout', () => {
  it('reads the session, then the costs for the main address, and enables "Place order"', async () => {
    const { api, estimates } = await ready();
    expect(api.get).toHaveBeenCalledWith('/checkout/session/:key', { params: { key: SESSION_KEY }, query: { regionCountryCode: 'SG' } });
    expect(estimates().at(-1)).toEqual({
      checkoutSessionKey: SESSION_KEY,
      shippingAddressId: home.id,
      regionCountryCode: 'SG',
      paymentMethod: 'card',
    });
    expect(shipping().getByRole<HTMLInputElement>('radio', { name: /1 Fusionopolis Way/ }).checked).toBe(true);
    expect(totalShown()).toBe(sgd(SUBTOTAL + 800));
    expect(screen.getByText('You pay by card on the next page, once your order is placed.')).toBeTruthy();
  });

  it('an address the shop does not deliver to cannot be chosen, and says why', async () => {
    await ready();
    const japan = shipping().getByRole<HTMLInputElement>('radio', { name: /1-2-3 Shibuya/ });
    expect(japan.disabled).toBe(true);
    expect(japan.getAttribute('aria-describedby')).toBe(screen.getByText('We do not deliver to Japan.').id);
  });

  it('another address asks for the costs again and the summary follows', async () => {
    const { user, estimates } = await ready();
    await user.click(shipping().getByRole('radio', { name: /1 Jalan Ampang/ }));
    await waitFor(() => expect(totalShown()).toBe(sgd(SUBTOTAL + 2500)));
    expect(estimates().at(-1)).toMatchObject({ shippingAddressId: kl.id });
    expect(placeButton().disabled).toBe(false);
  });

  it('"Add a new address" opens the address form and "Place order" waits for an address', async () => {
    const { user } = await ready();
    await user.click(shipping().getByRole('radio', { name: 'Add a new address' }));
    expect(await screen.findByRole('heading', { name: 'New shipping address' })).toBeTruthy();
    await waitFor(() => expect(document.getElementById('place-order-blockers')).toBeTruthy());
    expect(placeButton().disabled).toBe(true);
    expect(placeButton().getAttribute('aria-describedby')).toBe('place-order-blockers');
    expect(document.getElementById('place-order-blockers')?.textContent).toBe('Choose a shipping address.');
  });

  it('choosing PayNow changes what the summary says and what the order is placed with', async () => {
    const { user, orders } = await ready();
    const payNow = screen.getByRole<HTMLInputElement>('radio', { name: /PayNow/ });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Card/ }).checked).toBe(true);
    await user.click(payNow);
    expect(payNow.checked).toBe(true);
    expect(screen.getByText('You pay by PayNow on the next page, once your order is placed.')).toBeTruthy();
    await user.click(placeButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0]!.body).toMatchObject({ paymentMethod: 'paynow' });
  });

  it('a voucher code that does not exist is said beside the field, and nothing is applied', async () => {
    const { user, estimates } = await ready();
    const asked = estimates().length;
    await user.type(screen.getByLabelText('Voucher code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const said = await screen.findByText('We do not know this voucher code. Check it and try again.');
    expect(said.getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText('Voucher code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Voucher code').getAttribute('aria-describedby')).toBe(said.id);
    expect(estimates()).toHaveLength(asked);
    // Typing again clears the message.
    await user.type(screen.getByLabelText('Voucher code'), 'X');
    expect(screen.queryByText('We do not know this voucher code. Check it and try again.')).toBeNull();
  });

  it('Apply without a code asks for one and calls nothing', async () => {
    const { user, api } = await ready();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Type a voucher code first.').getAttribute('role')).toBe('alert');
    expect(api.post).not.toHaveBeenCalledWith('/voucher/validate', expect.anything());
  });

  it('a usable voucher is applied: the costs are asked with it and the discount shows', async () => {
    const { user, api, estimates } = await ready();
    await user.type(screen.getByLabelText('Voucher code'), ' WELCOME10 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(totalShown()).toBe(sgd(SUBTOTAL + 800 - 1000)));
    expect(api.post).toHaveBeenCalledWith('/voucher/validate', { body: { code: 'WELCOME10' } });
    expect(estimates().at(-1)).toMatchObject({ voucherCode: 'WELCOME10', shippingAddressId: home.id });
    expect(screen.getAllByText(/applied: .* off\./).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Remove voucher WELCOME10' }));
    await waitFor(() => expect(totalShown()).toBe(sgd(SUBTOTAL + 800)));
    expect(screen.getByLabelText('Voucher code')).toBeTruthy();
  });

  it('a voucher that does not apply to these items blocks "Place order" and says why', async () => {
    const { user } = await ready();
    await user.type(screen.getByLabelText('Voucher code'), 'PANSONLY');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      (await screen.findAllByText(/cannot be used: This voucher cannot be used for these items or in this region\./)).length,
    ).toBeGreaterThan(0);
    expect(placeButton().disabled).toBe(true);
    expect(document.getElementById('place-order-blockers')?.textContent).toBe('The voucher cannot be used: remove it or try another code.');
  });

  it('"Place order" sends the session, the address chosen, the voucher and the notes, with an Idempotency-Key, then goes to the order', async () => {
    const { user, orders } = await ready();
    await user.click(shipping().getByRole('radio', { name: /1 Jalan Ampang/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Same as shipping address' }));
    await user.click(billing().getByRole('radio', { name: /1 Fusionopolis Way/ }));
    await user.type(screen.getByLabelText('Voucher code'), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.type(screen.getByLabelText('Notes to the shop (optional)'), '  Leave it with the guard.  ');
    await waitFor(() => expect(totalShown()).toBe(sgd(SUBTOTAL + 2500 - 1000)));

    await user.click(placeButton());

    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/orders/bbbbbbbb-0000-4000-8000-0000000000aa'));
    expect(orders()).toHaveLength(1);
    const [{ body, headers }] = orders() as [{ body: unknown; headers: Record<string, string> }];
    expect(body).toEqual({
      checkoutSessionKey: SESSION_KEY,
      paymentMethod: 'card',
      shippingAddressId: kl.id,
      billingAddressId: home.id,
      voucherCode: 'WELCOME10',
      notes: 'Leave it with the guard.',
      regionCountryCode: 'SG',
    });
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a refused order says why in the alert, and nothing is placed', async () => {
    const { user, api } = await ready();
    api.post.mockImplementationOnce(async (path: string) => {
      throw new ApiError({ errorCode: 'voucher/used_up', error: 'Voucher used up', params: [] }, 409, path);
    });
    await user.click(placeButton());
    const said = await screen.findByText('This voucher has been used up.');
    expect(said.closest('[role="alert"]')).toBeTruthy();
    expect(router.push).not.toHaveBeenCalled();
    expect(placeButton().disabled).toBe(false);
  });

  it('an order that got no answer says so, and the retry sends the same Idempotency-Key', async () => {
    const { user, api, orders } = await ready();
    api.post.mockImplementationOnce(async (path: string) => {
      throw new ApiError(
        { errorCode: API_UNREACHABLE, error: 'The shop could not be reached. Check your connection.', params: [path] },
        0,
        path,
      );
    });
    await user.click(placeButton());
    const said = await screen.findByText('The shop could not be reached. Check your connection.');
    expect(said.closest('[role="alert"]')).toBeTruthy();
    expect(router.push).not.toHaveBeenCalled();
    expect(placeButton().disabled).toBe(false);

    await user.click(placeButton());
    await waitFor(() => expect(router.push).toHaveBeenCalledTimes(1));
    const [first, second] = orders() as [{ headers: Record<string, string> }, { headers: Record<string, string> }];
    expect(second.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
  });

  it('while the order is being placed, "Place order" says so and cannot be pressed again', async () => {
    const { user, api, orders } = await ready();
    let answer: (value: unknown) => void = () => {};
    api.post.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await user.click(placeButton());
    expect(placeButton().textContent).toBe('Placing your order…');
    expect(placeButton().disabled).toBe(true);
    await user.click(placeButton());
    expect(orders()).toHaveLength(1);
    answer(order({ id: 'bbbbbbbb-0000-4000-8000-0000000000bb' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/orders/bbbbbbbb-0000-4000-8000-0000000000bb'));
  });

  it('offers only the ways to pay the shop takes: PayNow alone when it takes no cards', async () => {
    const { user, orders } = setup(['paynow']);
    await waitFor(() => expect(placeButton().disabled).toBe(false));
    const payment = within(screen.getByRole('group', { name: 'Payment' }));
    expect(payment.queryByRole('radio', { name: /Card/ })).toBeNull();
    expect(payment.getByRole<HTMLInputElement>('radio', { name: /PayNow/ }).checked).toBe(true);
    await user.click(placeButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0]!.body).toMatchObject({ paymentMethod: 'paynow' });
  });

  it('with no way to pay, says so in words and offers no pretend one: "Place order" stays off', async () => {
    const { api, orders } = setup([]);
    await waitFor(() => expect(api.get.mock.calls.some(([path]) => path === '/checkout/estimate_costs')).toBe(true));
    const section = within(await screen.findByRole('region', { name: 'Payment' }));
    expect(section.getByText(/The shop cannot take payment right now/)).toBeTruthy();
    expect(screen.queryAllByRole('radio', { name: /Card|PayNow/ })).toEqual([]);
    expect(placeButton().disabled).toBe(true);
    expect(placeButton().getAttribute('aria-describedby')).toBe('place-order-blockers');
    expect(summary().getByText(/The shop cannot take payment right now/)).toBeTruthy();
    expect(orders()).toEqual([]);
  });
});
