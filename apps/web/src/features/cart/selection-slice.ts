/**
 * Selection for checkout (rules: entities.md): separate checked sets for cart items and for quotation items,
 * plus an all-checked flag. Rules:
 * - only available items can be checked (the rules: validation.md stock check, `isCartItemAvailable` of the
 *   domain with the item and its product);
 * - when the cart changes, ids that no longer exist are dropped (rules: state.md) and items that have become
 *   unavailable are unchecked (the watcher in `listeners.ts` dispatches `selectionPruned`);
 * - select-all checks every available item; clearing it unchecks them all; the flag is true while
 *   every available item is checked (and there is at least one);
 * - signing out clears the selection.
 * Quotation items come in a later issue: their set is kept, and stays empty until then.
 *
 * The checks that need the cart are thunks (`checkCartItem`, `checkAllCartItems`, `checkOnlyCartItem`)
 * that read it and hand the reducer the ids that may be checked.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartItem, Product } from '@kedai/contract';
import { isCartItemAvailable } from '@kedai/domain';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { CartRoot } from './cart-slice';
import { sessionExpired, signedOut } from '../account/user-slice';

export interface SelectionState {
  cartItemIds: string[];
  quotationItemIds: string[];
  allChecked: boolean;
}

export const initialSelectionState: SelectionState = { cartItemIds: [], quotationItemIds: [], allChecked: false };

/** The cart as the selection rules read it. */
export interface CartForSelection {
  data: readonly CartItem[];
  productById: Readonly<Record<string, Product>>;
}

/** Whether a cart line can be checked: the domain's stock check with the line and its product. */
function canCheckCartItem(cart: CartForSelection, item: CartItem): boolean {
  return isCartItemAvailable(cart.productById[item.productId], item);
}

/** Ids of the lines that can be checked, in cart order. */
export function availableCartItemIds(cart: CartForSelection): string[] {
  return cart.data.filter((item) => canCheckCartItem(cart, item)).map((item) => item.id);
}

function allCheckedOf(checked: readonly string[], available: readonly string[]): boolean {
  return available.length > 0 && available.every((id) => checked.includes(id));
}

export const selectionSlice = createSlice({
  name: 'selection',
  initialState: initialSelectionState,
  reducers: {
    /** Checks or unchecks one line; `available` lists the ids that may be checked. */
    cartItemToggled(state, action: PayloadAction<{ id: string; checked: boolean; available: string[] }>) {
      const { id, checked, available } = action.payload;
      const others = state.cartItemIds.filter((existing) => existing !== id);
      state.cartItemIds = checked && available.includes(id) ? [...others, id] : others;
      state.allChecked = allCheckedOf(state.cartItemIds, available);
    },
    /** Select-all: every available line, or none. */
    allCartItemsToggled(state, action: PayloadAction<{ checked: boolean; available: string[] }>) {
      state.cartItemIds = action.payload.checked ? [...action.payload.available] : [];
      state.allChecked = allCheckedOf(state.cartItemIds, action.payload.available);
    },
    /** Only this line is checked (buy now, `/cart?itemId=`), when it is available. */
    onlyCartItemChecked(state, action: PayloadAction<{ id: string; available: string[] }>) {
      const { id, available } = action.payload;
      state.cartItemIds = available.includes(id) ? [id] : [];
      state.allChecked = allCheckedOf(state.cartItemIds, available);
    },
    /** The cart changed: ids that are gone or no longer available are dropped. */
    selectionPruned(state, action: PayloadAction<{ available: string[] }>) {
      const { available } = action.payload;
      const kept = state.cartItemIds.filter((id) => available.includes(id));
      if (kept.length !== state.cartItemIds.length) state.cartItemIds = kept;
      state.allChecked = allCheckedOf(state.cartItemIds, available);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialSelectionState).addCase(sessionExpired, () => initialSelectionState);
  },
});

const { cartItemToggled, allCartItemsToggled, onlyCartItemChecked, selectionPruned } = selectionSlice.actions;

/** What the selection's thunks read: the cart and the selection. */
export interface SelectionRoot extends CartRoot {
  selection: SelectionState;
}

type Thunk = (dispatch: ThunkDispatch<SelectionRoot, unknown, UnknownAction>, getState: () => SelectionRoot) => void;

/** Checks (or unchecks) a cart line; an unavailable or unknown line stays unchecked. */
export const checkCartItem =
  (id: string, checked: boolean): Thunk =>
  (dispatch, getState) => {
    dispatch(cartItemToggled({ id, checked, available: availableCartItemIds(getState().cart) }));
  };

/** Select-all: checks every available line (or unchecks all). */
export const checkAllCartItems =
  (checked: boolean): Thunk =>
  (dispatch, getState) => {
    dispatch(allCartItemsToggled({ checked, available: availableCartItemIds(getState().cart) }));
  };

/** Checks only this line (when it can be checked). */
export const checkOnlyCartItem =
  (id: string): Thunk =>
  (dispatch, getState) => {
    dispatch(onlyCartItemChecked({ id, available: availableCartItemIds(getState().cart) }));
  };

/** Drops from the selection what the current cart no longer allows. */
export const pruneSelection = (): Thunk => (dispatch, getState) => {
  const available = availableCartItemIds(getState().cart);
  const { cartItemIds, allChecked } = getState().selection;
  const stale = cartItemIds.some((id) => !available.includes(id));
  if (stale || allChecked !== allCheckedOf(cartItemIds, available)) dispatch(selectionPruned({ available }));
};
