// @vitest-environment happy-dom
/**
 * One cart line as a shopper uses it, in a DOM (happy-dom) with the real store over a stand-in API:
 * the quantity stepped, typed, above the stock or 0; the line removed; a line that cannot be bought.
 * The slice's rules behind it are tested in cart-slice.test.ts.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { CartItem, Product } from '@kedai/contract';
import type { ApiClient } from '@kedai/contract/client';
import { formatMoney } from '@kedai/domain';
import { describe, expect, it, vi } from 'vitest';
import { useAppSelector } from '../../store/hooks';
import { makeStore } from '../../store/store';
import { envelope, shopper } from '../../store/testing';
import { initialUserState } from '../account/user-slice';
import { initialCartState } from './cart-slice';
import { CartLine } from './CartLine';
import { line, pan } from './test-fixtures';

/** An amount as Testing Library reads it (its text matching turns a no-break space into a space). */
const sgd = (amount: number) => formatMoney(amount, 'SGD').replace(/\s/g, ' ');

/** The line as the cart page shows it: the item and the checkbox from the store, so changes show. */
function Line({ onAnnounce, onRemoved }: { onAnnounce: (message: string) => void; onRemoved: (item: CartItem) => void }) {
  const item = useAppSelector((state) => state.cart.data[0]);
  const product = useAppSelector((state) => (item ? state.cart.productById[item.productId] : undefined));
  const checked = useAppSelector((state) => (item ? state.selection.cartItemIds.includes(item.id) : false));
  if (!item) return <p>Your cart is empty.</p>;
  return (
    <ul>
      <CartLine
        item={item}
        product={product}
        region={{ key: 'SG', name: 'Singapore' }}
        assetsUrl="http://assets.example"
        checked={checked}
        highlighted={false}
        onAnnounce={onAnnounce}
        onRemoved={onRemoved}
        onMovedToQuotations={() => {}}
      />
    </ul>
  );
}

function setup(item: CartItem, product: Product) {
  const api = { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() };
  const store = makeStore({
    api: api as unknown as ApiClient,
    preloadedState: {
      user: { ...initialUserState, signedIn: true, tfaPassed: true, profileFetched: true, profile: shopper },
      cart: { ...initialCartState, data: [item], productById: { [product.uuid]: product }, dataLoaded: true },
    },
  });
  const onAnnounce = vi.fn();
  const onRemoved = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(
    <Provider store={store}>
      <Line onAnnounce={onAnnounce} onRemoved={onRemoved} />
    </Provider>,
  );
  /** `PUT /cart/{id}` answers the line with this quantity. */
  const answerQuantity = (quantity: number) => api.put.mockImplementation(async () => ({ cartItem: { ...item, quantity }, product }));
  return { api, store, user, onAnnounce, onRemoved, answerQuantity };
}

const quantityField = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity of Frying Pan' });

describe('a cart line', () => {
  it('+ asks for one more, then shows the new quantity and line total and says so', async () => {
    const item = line(pan(), { quantity: 1 });
    const { api, user, onAnnounce, answerQuantity } = setup(item, pan());
    expect(screen.getByText(sgd(7690))).toBeTruthy();
    answerQuantity(2);

    await user.click(screen.getByRole('button', { name: 'Increase quantity of frying pan' }));

    expect(await screen.findByText(sgd(15380))).toBeTruthy();
    expect(api.put).toHaveBeenCalledTimes(1);
    expect(api.put).toHaveBeenCalledWith('/cart/:id', { params: { id: item.id }, body: { quantity: 2 } });
    expect(quantityField().value).toBe('2');
    expect(onAnnounce).toHaveBeenCalledWith('Quantity of Frying Pan is now 2.');
  });

  it('− does nothing at 1 (the button says it is unavailable)', async () => {
    const { api, user } = setup(line(pan(), { quantity: 1 }), pan());
    const decrease = screen.getByRole('button', { name: 'Decrease quantity of frying pan' });
    expect(decrease.getAttribute('aria-disabled')).toBe('true');
    await user.click(decrease);
    expect(api.put).not.toHaveBeenCalled();
  });

  it('a quantity typed is sent on Enter', async () => {
    const item = line(pan(), { quantity: 1 });
    const { api, user, answerQuantity } = setup(item, pan());
    answerQuantity(4);
    await user.clear(quantityField());
    await user.type(quantityField(), '4{Enter}');
    expect(api.put).toHaveBeenCalledWith('/cart/:id', { params: { id: item.id }, body: { quantity: 4 } });
    expect(await screen.findByText(sgd(30760))).toBeTruthy();
  });

  it('more than the stock is not sent: the line says how many are left and offers that many', async () => {
    const item = line(pan(), { quantity: 1 });
    const { api, user, answerQuantity } = setup(item, pan()); // 12 in stock
    await user.clear(quantityField());
    await user.type(quantityField(), '20{Enter}');

    expect(api.put).not.toHaveBeenCalled();
    expect(quantityField().value).toBe('1');
    expect(screen.getByRole('alert').textContent).toBe('Only 12 left, so 20 cannot be bought.');

    answerQuantity(12);
    await user.click(screen.getByRole('button', { name: 'Buy 12 instead' }));
    expect(api.put).toHaveBeenCalledWith('/cart/:id', { params: { id: item.id }, body: { quantity: 12 } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('"Keep 1" leaves the quantity as it was', async () => {
    const { api, user } = setup(line(pan(), { quantity: 1 }), pan());
    await user.clear(quantityField());
    await user.type(quantityField(), '20{Enter}');
    await user.click(screen.getByRole('button', { name: 'Keep 1' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('a 0 typed asks whether to remove the line; "Remove it" removes it', async () => {
    const item = line(pan(), { quantity: 3 });
    const { api, user, onRemoved } = setup(item, pan());
    await user.clear(quantityField());
    await user.type(quantityField(), '0{Enter}');

    const question = screen.getByRole('group', { name: 'Remove Frying Pan?' });
    expect(question.textContent).toContain('Remove Frying Pan from your cart?');
    expect(api.put).not.toHaveBeenCalled();

    api.delete.mockResolvedValue(undefined);
    await user.click(within(question).getByRole('button', { name: 'Remove it' }));
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    expect(api.delete).toHaveBeenCalledWith('/cart/:id', { params: { id: item.id } });
    expect(onRemoved).toHaveBeenCalledWith(item, pan());
  });

  it('"Keep it" after a 0 keeps the line', async () => {
    const { api, user } = setup(line(pan(), { quantity: 3 }), pan());
    await user.clear(quantityField());
    await user.type(quantityField(), '0{Enter}');
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('group', { name: 'Remove Frying Pan?' })).toBeNull();
    expect(quantityField().value).toBe('3');
    expect(api.delete).not.toHaveBeenCalled();
  });

  it('Remove sends DELETE /cart/{id} and hands the line on', async () => {
    const item = line(pan(), { quantity: 2 });
    const { api, user, onRemoved } = setup(item, pan());
    api.delete.mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Remove Frying Pan' }));
    await waitFor(() => expect(onRemoved).toHaveBeenCalledTimes(1));
    expect(api.delete).toHaveBeenCalledWith('/cart/:id', { params: { id: item.id } });
  });

  it('a refused removal keeps the line and lets the shopper try again', async () => {
    const item = line(pan(), { quantity: 2 });
    const { api, user, store, onRemoved } = setup(item, pan());
    api.delete.mockRejectedValue(envelope('system/internal', 'Something went wrong on our side'));
    await user.click(screen.getByRole('button', { name: 'Remove Frying Pan' }));
    await waitFor(() => expect(store.getState().cart.removeError).toBeTruthy());
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remove Frying Pan' }).disabled).toBe(false));
    expect(onRemoved).not.toHaveBeenCalled();
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Frying Pan' })).toBeTruthy();
  });

  it('a refused quantity puts the quantity held back in the field and says nothing of a change', async () => {
    const item = line(pan(), { quantity: 1 });
    const { api, user, onAnnounce } = setup(item, pan());
    api.put.mockRejectedValue(envelope('cart/out_of_stock', 'Not enough stock'));
    await user.clear(quantityField());
    await user.type(quantityField(), '5{Enter}');
    expect(api.put).toHaveBeenCalledWith('/cart/:id', { params: { id: item.id }, body: { quantity: 5 } });
    await waitFor(() => expect(quantityField().value).toBe('1'));
    expect(onAnnounce).not.toHaveBeenCalled();
  });

  it('ticking the box selects the line for checkout', async () => {
    const item = line(pan(), { quantity: 1 });
    const { user, store } = setup(item, pan());
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Frying Pan for checkout' });
    await user.click(box);
    expect(store.getState().selection.cartItemIds).toEqual([item.id]);
    expect(box.checked).toBe(true);
  });

  it('sold out: it says so, and the line cannot be selected', async () => {
    const soldOut = pan({ stock: 0, inStock: false });
    const { user, store } = setup(line(soldOut, { quantity: 1 }), soldOut);
    expect(screen.getByText('Sold out — it cannot be checked out.')).toBeTruthy();
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Frying Pan for checkout' });
    expect(box.disabled).toBe(true);
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText('Sold out — it cannot be checked out.').id);
    await user.click(box);
    expect(store.getState().selection.cartItemIds).toEqual([]);
  });

  it('more in the cart than in stock: it says how many are left and offers to buy that many', async () => {
    const item = line(pan(), { quantity: 15 });
    const { api, user, answerQuantity } = setup(item, pan()); // 12 in stock
    expect(screen.getByText('Not available in this quantity — only 12 left — it cannot be checked out.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Frying Pan for checkout' }).disabled).toBe(true);
    answerQuantity(12);
    await user.click(screen.getByRole('button', { name: 'Buy 12 instead' }));
    expect(api.put).toHaveBeenCalledWith('/cart/:id', { params: { id: item.id }, body: { quantity: 12 } });
    expect(await screen.findByText(sgd(92280))).toBeTruthy();
    expect(screen.queryByText(/cannot be checked out/)).toBeNull();
  });

  it('a disabled product says it is no longer sold, cannot be selected and offers no quotation', () => {
    const gone = pan({ disabled: true });
    setup(line(gone, { quantity: 1 }), gone);
    expect(screen.getByText('No longer sold — it cannot be checked out.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Frying Pan for checkout' }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Ask for a quotation/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Frying Pan' })).toBeTruthy();
  });
});
