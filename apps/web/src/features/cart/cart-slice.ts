/**
 * Cart state (rules: state.md "Cart state", §4 "Cart"): data (the cart lines, oldest first), productById
 * (each line's product, keyed by uuid), dataLoaded, and one error slot per flow: add, remove, set
 * and fetch. Signed-in users only; signing out (or a session that cannot be refreshed) empties it.
 *
 * - `fetchCart` (`GET /cart`) replaces data and productById and sets dataLoaded. When asked again
 *   before an answer, the latest ask's answer wins; a change answered while it is in flight drops
 *   its answer (it may predate the change).
 * - `addToCart` (`POST /cart`): when the cart is not loaded yet, a full fetch follows (so the page
 *   shows every line, not only the new one); otherwise the line is put in place: a line already in
 *   the cart (same id) only gets its quantity and product updated, a new line is appended.
 * - `setCartItem` (`PUT /cart/{id}`, quantity and note only) and `removeCartItem`
 *   (`DELETE /cart/{id}`): an item that is no longer in the cart is removed locally with no server
 *   call, and so is one the server answers 404 `cart/not_found` for.
 * - Failures store the text to show (the catalogue message, rules: errors.md) in that flow's slot; the next
 *   attempt of the flow clears it.
 */
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { CartItem, CartItemResponse, Product } from '@kedai/contract';
import type { Endpoints } from '@kedai/contract/client';
import { cartUnitCount, errorMessageFor } from '@kedai/domain';
import { thunkCreatorFor } from '../../store/thunk';
import { sessionExpired, signedOut } from '../account/user-slice';

export interface CartState {
  data: CartItem[];
  productById: Record<string, Product>;
  dataLoaded: boolean;
  /** A `GET /cart` is in flight. */
  loading: boolean;
  /** The latest `GET /cart` asked for: only its answer counts. */
  fetchRequestId: string | null;
  addError: string | null;
  removeError: string | null;
  setError: string | null;
  fetchError: string | null;
}

/** What the cart's thunks and selectors read. */
export interface CartRoot {
  cart: CartState;
}

const createCartThunk = thunkCreatorFor<CartRoot>();

export const initialCartState: CartState = {
  data: [],
  productById: {},
  dataLoaded: false,
  loading: false,
  fetchRequestId: null,
  addError: null,
  removeError: null,
  setError: null,
  fetchError: null,
};

/** What the product page sends to `POST /cart` (rules: entities.md "Cart item"; the type follows from the product). */
export interface AddCartItemInput {
  productId: string;
  variantPath: string;
  quantity: number;
  message?: string;
}

export interface SetCartItemInput {
  id: string;
  quantity?: number;
  message?: string;
}

/** An item that is no longer in the cart leaves the local state (no server call). */
export const cartItemGone = createAction<string>('cart/itemGone');

/** Only the cart's own 404 means the line is gone: a 404 from a proxy in between says nothing of it. */
function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { errorCode?: unknown }).errorCode === 'cart/not_found';
}

/**
 * A change the server has answered while a `GET /cart` is in flight: that fetch may have read the
 * cart before the change, so its answer is dropped rather than allowed to undo the change.
 */
function dropFetchInFlight(state: CartState): void {
  if (!state.loading) return;
  state.fetchRequestId = null;
  state.loading = false;
}

/** `GET /cart`. */
export const fetchCart = createCartThunk('cart/fetch', async (_: void, { extra, rejectWithValue }) => {
  try {
    return await extra.api.get('/cart');
  } catch (error) {
    return rejectWithValue(errorMessageFor(error));
  }
});

/** `POST /cart`; then, when the cart was not loaded, the whole cart. Resolves with the line and its product. */
export const addToCart = createCartThunk('cart/add', async (input: AddCartItemInput, { extra, dispatch, getState, rejectWithValue }) => {
  let answer: CartItemResponse;
  try {
    answer = await extra.api.post('/cart', {
      body: {
        productId: input.productId,
        variantPath: input.variantPath,
        quantity: input.quantity,
        ...(input.message ? { message: input.message } : {}),
      },
    });
  } catch (error) {
    return rejectWithValue(errorMessageFor(error));
  }
  if (!getState().cart.dataLoaded) await dispatch(fetchCart());
  return answer;
});

/** `PUT /cart/{id}` with only the quantity and the note (rules: validation.md). */
export const setCartItem = createCartThunk(
  'cart/set',
  async ({ id, quantity, message }: SetCartItemInput, { extra, dispatch, getState, rejectWithValue }) => {
    if (!getState().cart.data.some((item) => item.id === id)) {
      dispatch(cartItemGone(id));
      return null;
    }
    const body: Endpoints['PUT /cart/:id']['body'] = {};
    if (quantity !== undefined) body.quantity = quantity;
    if (message !== undefined) body.message = message;
    try {
      return await extra.api.put('/cart/:id', { params: { id }, body });
    } catch (error) {
      if (isNotFound(error)) {
        dispatch(cartItemGone(id));
        return null;
      }
      return rejectWithValue(errorMessageFor(error));
    }
  },
);

/** `DELETE /cart/{id}` (204). Resolves with the removed line, or null when it was already gone. */
export const removeCartItem = createCartThunk('cart/remove', async (id: string, { extra, dispatch, getState, rejectWithValue }) => {
  const item = getState().cart.data.find((line) => line.id === id);
  if (!item) {
    dispatch(cartItemGone(id));
    return null;
  }
  try {
    await extra.api.delete('/cart/:id', { params: { id } });
  } catch (error) {
    if (isNotFound(error)) {
      dispatch(cartItemGone(id));
      return null;
    }
    return rejectWithValue(errorMessageFor(error));
  }
  return item;
});

function removeLine(state: CartState, id: string): void {
  const index = state.data.findIndex((item) => item.id === id);
  if (index === -1) return;
  const [removed] = state.data.splice(index, 1);
  // A product no other line refers to is dropped with its last line.
  if (removed && !state.data.some((item) => item.productId === removed.productId)) {
    delete state.productById[removed.productId];
  }
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCart.pending, (state, action) => {
        state.loading = true;
        state.fetchRequestId = action.meta.requestId;
        state.fetchError = null;
      })
      .addCase(fetchCart.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.fetchRequestId) return;
        state.data = action.payload.cartItems;
        state.productById = Object.fromEntries(action.payload.products.map((product) => [product.uuid, product]));
        state.dataLoaded = true;
        state.loading = false;
      })
      .addCase(fetchCart.rejected, (state, action) => {
        if (action.meta.requestId !== state.fetchRequestId) return;
        state.loading = false;
        state.fetchError = action.payload ?? action.error.message ?? 'Unknown error';
      })
      .addCase(addToCart.pending, (state) => {
        state.addError = null;
      })
      .addCase(addToCart.fulfilled, (state, action) => {
        const { cartItem, product } = action.payload;
        if (!state.dataLoaded) return; // the full fetch that followed has filled the cart
        dropFetchInFlight(state);
        state.productById[product.uuid] = product;
        const existing = state.data.find((item) => item.id === cartItem.id);
        if (existing) {
          // rules: state.md: adding an item that already exists only updates its quantity (and product).
          existing.quantity = cartItem.quantity;
          existing.available = cartItem.available;
          existing.updatedAt = cartItem.updatedAt;
          if (action.meta.arg.message) existing.message = cartItem.message;
        } else {
          state.data.push(cartItem);
        }
      })
      .addCase(addToCart.rejected, (state, action) => {
        state.addError = action.payload ?? action.error.message ?? 'Unknown error';
      })
      .addCase(setCartItem.pending, (state) => {
        state.setError = null;
      })
      .addCase(setCartItem.fulfilled, (state, action) => {
        if (!action.payload) return;
        dropFetchInFlight(state);
        const { cartItem, product } = action.payload;
        const index = state.data.findIndex((item) => item.id === cartItem.id);
        if (index === -1) return; // removed meanwhile
        state.data[index] = cartItem;
        state.productById[product.uuid] = product;
      })
      .addCase(setCartItem.rejected, (state, action) => {
        state.setError = action.payload ?? action.error.message ?? 'Unknown error';
      })
      .addCase(removeCartItem.pending, (state) => {
        state.removeError = null;
      })
      .addCase(removeCartItem.fulfilled, (state, action) => {
        if (!action.payload) return;
        dropFetchInFlight(state);
        removeLine(state, action.payload.id);
      })
      .addCase(removeCartItem.rejected, (state, action) => {
        state.removeError = action.payload ?? action.error.message ?? 'Unknown error';
      })
      .addCase(cartItemGone, (state, action) => {
        removeLine(state, action.payload);
      })
      .addCase(signedOut, () => initialCartState)
      .addCase(sessionExpired, () => initialCartState);
  },
});

/** Units in the cart (the header badge; the domain's `cartUnitCount`), 0 until it is loaded. */
export const selectCartCount = (state: CartRoot) => cartUnitCount(state.cart.data);
