// @vitest-environment happy-dom
/**
 * Removing a cart line offers Undo (issue 30), on the cart page in a DOM (happy-dom) with the real
 * store over a stand-in API: Undo puts the same product, options, quantity and note back; a refusal
 * (the product sold out meanwhile) is said, and the notice stays.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { CartItem } from '@kedai/contract';
import type { ApiClient } from '@kedai/contract/client';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../store/store';
import { envelope, shopper } from '../../store/testing';
import { initialUserState } from '../account/user-slice';
import { initialCartState } from './cart-slice';
import { CartView } from './CartView';
import { cartAnswer, line, pan, phone } from './test-fixtures';

vi.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: vi.fn(), replace: vi.fn() }),
}));

function setup() {
  const kept = line(phone());
  const gone = line(pan(), { quantity: 2, message: 'Gift wrap, please' });
  let lines: CartItem[] = [kept, gone];
  const api = { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() };
  api.get.mockImplementation(async (path: string) => {
    if (path === '/cart') return cartAnswer(lines, [phone(), pan()]);
    if (path === '/region/preferred') return { countryCode: 'SG' };
    throw new Error(`unexpected GET ${path}`);
  });
  api.delete.mockImplementation(async () => {
    lines = lines.filter((item) => item.id !== gone.id);
    return undefined;
  });
  const store = makeStore({
    api: api as unknown as ApiClient,
    preloadedState: {
      user: { ...initialUserState, signedIn: true, tfaPassed: true, profileFetched: true, profile: shopper },
      cart: { ...initialCartState },
    },
  });
  const user = userEvent.setup({ delay: null });
  render(
    <Provider store={store}>
      <CartView region={{ key: 'SG', name: 'Singapore', currency: 'SGD' }} assetsUrl="http://assets.example" />
    </Provider>,
  );
  const back = line(pan(), { quantity: 2, message: 'Gift wrap, please' });
  const putBack = () =>
    api.post.mockImplementation(async () => {
      lines = [...lines, back];
      return { cartItem: back, product: pan() };
    });
  return { api, user, gone, putBack };
}

async function removePan(user: ReturnType<typeof userEvent.setup>) {
  const pans = await screen.findAllByText('Frying Pan');
  const row = pans[0]!.closest('li')!;
  await user.click(within(row).getByRole('button', { name: /^Remove/ }));
  await waitFor(() => expect(screen.queryAllByRole('spinbutton', { name: 'Quantity of Frying Pan' })).toHaveLength(0));
}

describe('removing a cart line', () => {
  it('says what was removed and Undo puts the same line back: product, options, quantity and note', async () => {
    const { api, user, gone, putBack } = setup();
    await removePan(user);
    expect(screen.getByText(/Removed:/).closest('p')!.textContent).toMatch(/^Removed: Frying Pan \(2\)\. Undo$/);
    putBack();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(api.post).toHaveBeenCalledWith('/cart', {
      body: { productId: gone.productId, variantPath: gone.variantPath, quantity: 2, message: 'Gift wrap, please' },
    });
    expect(await screen.findByRole('spinbutton', { name: 'Quantity of Frying Pan' })).toBeTruthy();
    expect(screen.queryByText(/Removed:/)).toBeNull();
  });

  it('a line that cannot be put back says why, and Undo stays', async () => {
    const { api, user } = setup();
    await removePan(user);
    api.post.mockRejectedValue(Object.assign(envelope('cart/out_of_stock', 'Frying Pan has sold out'), { status: 409 }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect((await screen.findByText(/It could not be put back/)).textContent).toMatch(/could not be put back: .+/);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
  });
});
