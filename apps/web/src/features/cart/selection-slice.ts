/**
 * Selection for checkout (rules: entities.md): separate checked sets for cart items and for quotation items,
 * plus an all-checked flag. Rules for cart lines:
 * - only available items can be checked (the rules: validation.md stock check, `isCartItemAvailable` of the
 *   domain with the item and its product);
 * - an available item is checked unless the shopper unchecked it (`uncheckedIds`): the cart opens
 *   showing what it would cost, and a line that becomes available again (its quantity brought down
 *   to the stock) is checked again;
 * - when the cart changes, ids that no longer exist are dropped (rules: state.md), items that have become
 *   unavailable are unchecked and new available items are checked (the watcher in `listeners.ts`
 *   dispatches `selectionPruned`);
 * - select-all checks every available item; clearing it unchecks them all; the flag is true while
 *   every available item is checked (and there is at least one);
 * - signing out clears the selection.
 *
 * Rules for quotation items (spec §4 "Quotation", issue 15):
 * - only checkable items can be checked: resolved, and for the shop's products the product still
 *   there and enabled (`isCheckable` of the quotation state: the domain's `isQuotationItemCheckable`
 *   with the item and its product); pending and declined items never are;
 * - nothing is checked until the shopper checks it: a quote is a price to accept, not a cart line;
 * - when the quotation list changes, ids that no longer exist or are no longer checkable are dropped
 *   (the watcher in `quotations/listeners.ts` dispatches `quotationSelectionPruned`);
 * - select-all checks every checkable item, clearing it unchecks them all.
 *
 * `allChecked` is the cart page's select-all: every available cart line checked (and at least one).
 * Quotation items are checked out on their own (spec §7: `/quotation_checkout` beside `/checkout`),
 * so they never turn the cart's flag off; the quotations page's select-all is derived
 * (`allQuotationItemsChecked`), not stored, so the state keeps the spec's one flag.
 *
 * The checks that need the cart or the quotation list are thunks (`checkCartItem`, `checkAllCartItems`,
 * `checkOnlyCartItem`, `checkQuotationItem`, `checkAllQuotationItems`) that read it and hand the
 * reducer the ids that may be checked.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartItem, Product } from '@kedai/contract';
import { isCartItemAvailable } from '@kedai/domain';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { CartRoot } from './cart-slice';
import { sessionExpired, signedOut } from '../account/user-slice';
import { checkableQuotationItemIds, type QuotationRoot } from '../quotations/quotation-slice';

export interface SelectionState {
  cartItemIds: string[];
  quotationItemIds: string[];
  allChecked: boolean;
  /** Cart lines the shopper unchecked (or left out by buy now): they stay unchecked while in the cart. */
  uncheckedIds: string[];
}

export const initialSelectionState: SelectionState = { cartItemIds: [], quotationItemIds: [], allChecked: false, uncheckedIds: [] };

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

/** The available lines the shopper has not unchecked, in cart order. */
function selectedOf(available: readonly string[], unchecked: readonly string[]): string[] {
  return available.filter((id) => !unchecked.includes(id));
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
      const unchecked = state.uncheckedIds.filter((existing) => existing !== id);
      state.uncheckedIds = checked ? unchecked : [...unchecked, id];
      state.cartItemIds = selectedOf(available, state.uncheckedIds);
      state.allChecked = allCheckedOf(state.cartItemIds, available);
    },
    /** Select-all: every available line, or none. */
    allCartItemsToggled(state, action: PayloadAction<{ checked: boolean; available: string[]; inCart: string[] }>) {
      const { checked, available, inCart } = action.payload;
      state.uncheckedIds = checked ? [] : [...inCart];
      state.cartItemIds = selectedOf(available, state.uncheckedIds);
      state.allChecked = allCheckedOf(state.cartItemIds, available);
    },
    /** Only this line is checked (buy now, `/cart?itemId=`), when it is available. */
    onlyCartItemChecked(state, action: PayloadAction<{ id: string; available: string[]; inCart: string[] }>) {
      const { id, available, inCart } = action.payload;
      state.uncheckedIds = inCart.filter((other) => other !== id);
      state.cartItemIds = selectedOf(available, state.uncheckedIds);
      state.allChecked = allCheckedOf(state.cartItemIds, available);
    },
    /**
     * The cart changed: every available line is checked unless the shopper unchecked it; ids that
     * are gone or no longer available are dropped.
     */
    selectionPruned(state, action: PayloadAction<{ available: string[]; inCart: string[] }>) {
      const { available, inCart } = action.payload;
      state.uncheckedIds = state.uncheckedIds.filter((id) => inCart.includes(id));
      state.cartItemIds = selectedOf(available, state.uncheckedIds);
      state.allChecked = allCheckedOf(state.cartItemIds, available);
    },
    /** Checks or unchecks one quotation item; `checkable` lists the ids that may be checked. */
    quotationItemToggled(state, action: PayloadAction<{ id: string; checked: boolean; checkable: string[] }>) {
      const { id, checked, checkable } = action.payload;
      const others = state.quotationItemIds.filter((existing) => existing !== id);
      const next = checked ? [...others, id] : others;
      state.quotationItemIds = checkable.filter((candidate) => next.includes(candidate));
    },
    /** Select-all of the quotations page: every checkable item, or none. */
    allQuotationItemsToggled(state, action: PayloadAction<{ checked: boolean; checkable: string[] }>) {
      state.quotationItemIds = action.payload.checked ? [...action.payload.checkable] : [];
    },
    /** The quotation list changed: ids that are gone or no longer checkable are dropped. */
    quotationSelectionPruned(state, action: PayloadAction<{ checkable: string[] }>) {
      state.quotationItemIds = state.quotationItemIds.filter((id) => action.payload.checkable.includes(id));
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialSelectionState).addCase(sessionExpired, () => initialSelectionState);
  },
});

const {
  cartItemToggled,
  allCartItemsToggled,
  onlyCartItemChecked,
  selectionPruned,
  quotationItemToggled,
  allQuotationItemsToggled,
  quotationSelectionPruned,
} = selectionSlice.actions;

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
    const { cart } = getState();
    dispatch(allCartItemsToggled({ checked, available: availableCartItemIds(cart), inCart: cart.data.map((item) => item.id) }));
  };

/** Checks only this line (when it can be checked). */
export const checkOnlyCartItem =
  (id: string): Thunk =>
  (dispatch, getState) => {
    const { cart } = getState();
    dispatch(onlyCartItemChecked({ id, available: availableCartItemIds(cart), inCart: cart.data.map((item) => item.id) }));
  };

/** Brings the selection in line with the current cart (see `selectionPruned`). */
export const pruneSelection = (): Thunk => (dispatch, getState) => {
  const { cart, selection } = getState();
  const available = availableCartItemIds(cart);
  const inCart = cart.data.map((item) => item.id);
  const expected = selectedOf(available, selection.uncheckedIds);
  const changed =
    expected.length !== selection.cartItemIds.length ||
    expected.some((id, index) => selection.cartItemIds[index] !== id) ||
    selection.uncheckedIds.some((id) => !inCart.includes(id)) ||
    selection.allChecked !== allCheckedOf(expected, available);
  if (changed) dispatch(selectionPruned({ available, inCart }));
};

/** What the quotation selection's thunks read: the quotation list and the selection. */
export interface QuotationSelectionRoot extends QuotationRoot {
  selection: SelectionState;
}

type QuotationThunk = (
  dispatch: ThunkDispatch<QuotationSelectionRoot, unknown, UnknownAction>,
  getState: () => QuotationSelectionRoot,
) => void;

/** Checks (or unchecks) a quotation item; one that cannot be checked (pending, declined, product gone) stays unchecked. */
export const checkQuotationItem =
  (id: string, checked: boolean): QuotationThunk =>
  (dispatch, getState) => {
    dispatch(quotationItemToggled({ id, checked, checkable: checkableQuotationItemIds(getState().quotations) }));
  };

/** Select-all of the quotations page: checks every checkable item (or unchecks all). */
export const checkAllQuotationItems =
  (checked: boolean): QuotationThunk =>
  (dispatch, getState) => {
    dispatch(allQuotationItemsToggled({ checked, checkable: checkableQuotationItemIds(getState().quotations) }));
  };

/** Brings the quotation selection in line with the current list (see `quotationSelectionPruned`). */
export const pruneQuotationSelection = (): QuotationThunk => (dispatch, getState) => {
  const { quotations, selection } = getState();
  const checkable = checkableQuotationItemIds(quotations);
  if (selection.quotationItemIds.some((id) => !checkable.includes(id))) dispatch(quotationSelectionPruned({ checkable }));
};

/** The quotations page's select-all: true while every checkable item is checked (and there is one). */
export function allQuotationItemsChecked(selection: Pick<SelectionState, 'quotationItemIds'>, checkable: readonly string[]): boolean {
  return allCheckedOf(selection.quotationItemIds, checkable);
}
