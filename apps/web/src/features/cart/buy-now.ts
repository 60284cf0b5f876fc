/**
 * Buy now (rules: state.md "Cart"): adds the item, checks only that line for checkout, and answers where to
 * go: `/cart?itemId={cartItemId}` (rules: screens.md), where the cart page brings the line into view.
 */
import { thunkCreatorFor } from '../../store/thunk';
import { addToCart, type AddCartItemInput } from './cart-slice';
import { cartHrefFor } from './cart-view';
import { checkOnlyCartItem, type SelectionRoot } from './selection-slice';

export const buyNow = thunkCreatorFor<SelectionRoot>()('cart/buyNow', async (input: AddCartItemInput, { dispatch, rejectWithValue }) => {
  const result = await dispatch(addToCart(input));
  if (addToCart.rejected.match(result)) return rejectWithValue(result.payload ?? result.error.message ?? 'Unknown error');
  const { cartItem, product } = result.payload;
  dispatch(checkOnlyCartItem(cartItem.id));
  return { cartItem, product, href: cartHrefFor(cartItem.id) };
});
