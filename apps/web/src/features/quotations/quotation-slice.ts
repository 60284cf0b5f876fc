/**
 * Quotation item state (spec §3 "Quotation item state", §4 "Quotation"; issue 15): data (the items,
 * newest first as `GET /quotation_item` answers them), productById (the shop's products the items
 * name, keyed by uuid), dataLoaded, and one error slot per flow: add-internal (from a cart line),
 * add-internal-from-product (a product page), add-external (a marketplace link read, or a product
 * described by hand), remove, set and fetch. Signed-in users only; signing out (or a session that
 * cannot be refreshed) empties it. Built like the cart's state (cart-slice.ts).
 *
 * - `fetchQuotationItems` (`GET /quotation_item`) replaces data and productById and sets dataLoaded;
 *   the latest ask's answer wins, and a change answered while it is in flight drops its answer.
 * - Every add puts the new item first (newest first) with its product. `addInternalQuotation`
 *   (`POST /quotation_item/internal {cartItemId}`) also removes the cart line from the cart state
 *   (`cartItemGone`): the API moved it in one transaction. A 404 `cart/not_found` means the line had
 *   already left the cart, so it leaves the cart state too (and the failure is told).
 * - `setQuotationItem` (`PUT /quotation_item/{id}`, quantity and instructions only) and
 *   `removeQuotationItem` (`DELETE`): an item no longer in the list is removed locally with no
 *   server call, and so is one the server answers 404 `quotation/not_found` for.
 * - Failures store the text to show (`errorMessageFor`, rules: errors.md) in that flow's slot; the
 *   next attempt of the flow clears it.
 */
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { Product, QuotationItem, QuotationItemResponse } from '@kedai/contract';
import type { Endpoints } from '@kedai/contract/client';
import { errorMessageFor, isQuotationItemCheckable, type QuotationLine } from '@kedai/domain';
import { thunkCreatorFor } from '../../store/thunk';
import { sessionExpired, signedOut } from '../account/user-slice';
import { cartItemGone } from '../cart/cart-slice';

export interface QuotationState {
  data: QuotationItem[];
  productById: Record<string, Product>;
  dataLoaded: boolean;
  /** A `GET /quotation_item` is in flight. */
  loading: boolean;
  /** The latest `GET /quotation_item` asked for: only its answer counts. */
  fetchRequestId: string | null;
  addInternalError: string | null;
  addInternalFromProductError: string | null;
  /** A marketplace product, read from its link or described by hand (`/buy-for-me`). */
  addExternalError: string | null;
  removeError: string | null;
  setError: string | null;
  fetchError: string | null;
}

/** What the quotation thunks and selectors read. */
export interface QuotationRoot {
  quotations: QuotationState;
}

const createQuotationThunk = thunkCreatorFor<QuotationRoot>();

export const initialQuotationState: QuotationState = {
  data: [],
  productById: {},
  dataLoaded: false,
  loading: false,
  fetchRequestId: null,
  addInternalError: null,
  addInternalFromProductError: null,
  addExternalError: null,
  removeError: null,
  setError: null,
  fetchError: null,
};

/** A quotation for a variant and quantity of one of the shop's products (the product page). */
export interface QuotationFromProductInput {
  productId: string;
  variantPath: string;
  quantity: number;
  instructions: string;
}

/** A marketplace product read with `POST /product/searchExternal`. */
export interface ExternalQuotationInput {
  externalProductId: string;
  quantity: number;
  instructions: string;
}

/** A marketplace product the shopper describes by hand (its page could not be read). */
export interface ManualQuotationInput {
  productUrl: string;
  productName: string;
  productQuantity: number;
  instructions: string;
  /** '' when none. */
  imageUrl: string;
}

export interface SetQuotationItemInput {
  id: string;
  quantity?: number;
  instructions?: string;
}

/** An item that is no longer in the list leaves the local state (no server call). */
export const quotationItemGone = createAction<string>('quotations/itemGone');

/** Whether the API answered with this code (a 404 from a proxy in between says nothing of the item). */
function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { errorCode?: unknown }).errorCode === code;
}

/** See the cart's `dropFetchInFlight`: a fetch that may have read the list before a change is dropped. */
function dropFetchInFlight(state: QuotationState): void {
  if (!state.loading) return;
  state.fetchRequestId = null;
  state.loading = false;
}

/** `GET /quotation_item`. */
export const fetchQuotationItems = createQuotationThunk('quotations/fetch', async (_: void, { extra, rejectWithValue }) => {
  try {
    return await extra.api.get('/quotation_item');
  } catch (error) {
    return rejectWithValue(errorMessageFor(error));
  }
});

/** `POST /quotation_item/internal {cartItemId}`: the cart line becomes a quotation item and leaves the cart. */
export const addInternalQuotation = createQuotationThunk(
  'quotations/addInternal',
  async (cartItemId: string, { extra, dispatch, rejectWithValue }) => {
    let answer: QuotationItemResponse;
    try {
      answer = await extra.api.post('/quotation_item/internal', { body: { cartItemId } });
    } catch (error) {
      if (hasCode(error, 'cart/not_found')) dispatch(cartItemGone(cartItemId));
      return rejectWithValue(errorMessageFor(error));
    }
    dispatch(cartItemGone(cartItemId));
    return answer;
  },
);

/** `POST /quotation_item/internal_product`. */
export const addInternalQuotationFromProduct = createQuotationThunk(
  'quotations/addInternalFromProduct',
  async (input: QuotationFromProductInput, { extra, rejectWithValue }) => {
    try {
      return await extra.api.post('/quotation_item/internal_product', {
        body: { productId: input.productId, variantPath: input.variantPath, quantity: input.quantity, instructions: input.instructions },
      });
    } catch (error) {
      return rejectWithValue(errorMessageFor(error));
    }
  },
);

/** `POST /quotation_item/external`. */
export const addExternalQuotation = createQuotationThunk(
  'quotations/addExternal',
  async (input: ExternalQuotationInput, { extra, rejectWithValue }) => {
    try {
      return await extra.api.post('/quotation_item/external', {
        body: { externalProductId: input.externalProductId, quantity: input.quantity, instructions: input.instructions },
      });
    } catch (error) {
      return rejectWithValue(errorMessageFor(error));
    }
  },
);

/** `POST /quotation/request` from `'r'`: a product described by hand (spec §7). Shares the add-external slot. */
export const requestQuotation = createQuotationThunk(
  'quotations/request',
  async (input: ManualQuotationInput, { extra, rejectWithValue }) => {
    try {
      return await extra.api.post('/quotation/request', {
        body: {
          from: 'r',
          productUrl: input.productUrl,
          productName: input.productName,
          productQuantity: input.productQuantity,
          instructions: input.instructions,
          imageUrl: input.imageUrl,
        },
      });
    } catch (error) {
      return rejectWithValue(errorMessageFor(error));
    }
  },
);

/** `PUT /quotation_item/{id}` with only the quantity and the instructions (spec §5). Null when the item was gone. */
export const setQuotationItem = createQuotationThunk(
  'quotations/set',
  async ({ id, quantity, instructions }: SetQuotationItemInput, { extra, dispatch, getState, rejectWithValue }) => {
    if (!getState().quotations.data.some((item) => item.id === id)) {
      dispatch(quotationItemGone(id));
      return null;
    }
    const body: Endpoints['PUT /quotation_item/:id']['body'] = {};
    if (quantity !== undefined) body.quantity = quantity;
    if (instructions !== undefined) body.instructions = instructions;
    try {
      return await extra.api.put('/quotation_item/:id', { params: { id }, body });
    } catch (error) {
      if (hasCode(error, 'quotation/not_found')) {
        dispatch(quotationItemGone(id));
        return null;
      }
      return rejectWithValue(errorMessageFor(error));
    }
  },
);

/** `DELETE /quotation_item/{id}` (204). Resolves with the removed item, or null when it was already gone. */
export const removeQuotationItem = createQuotationThunk(
  'quotations/remove',
  async (id: string, { extra, dispatch, getState, rejectWithValue }) => {
    const item = getState().quotations.data.find((existing) => existing.id === id);
    if (!item) {
      dispatch(quotationItemGone(id));
      return null;
    }
    try {
      await extra.api.delete('/quotation_item/:id', { params: { id } });
    } catch (error) {
      if (hasCode(error, 'quotation/not_found')) {
        dispatch(quotationItemGone(id));
        return null;
      }
      return rejectWithValue(errorMessageFor(error));
    }
    return item;
  },
);

const productIdOf = (item: QuotationItem) => item.productSourceData.productId;

function removeItem(state: QuotationState, id: string): void {
  const index = state.data.findIndex((item) => item.id === id);
  if (index === -1) return;
  const [removed] = state.data.splice(index, 1);
  // A product no other item names is dropped with its last item.
  const productId = removed ? productIdOf(removed) : null;
  if (productId && !state.data.some((item) => productIdOf(item) === productId)) delete state.productById[productId];
}

/** A new item goes first (the list is newest first); one already listed is replaced in place. */
function putItem(state: QuotationState, { quotationItem, product }: QuotationItemResponse): void {
  dropFetchInFlight(state);
  if (product) state.productById[product.uuid] = product;
  const index = state.data.findIndex((item) => item.id === quotationItem.id);
  if (index === -1) state.data.unshift(quotationItem);
  else state.data[index] = quotationItem;
}

const failure = (action: { payload?: string | undefined; error: { message?: string | undefined } }) =>
  action.payload ?? action.error.message ?? 'Unknown error';

export const quotationSlice = createSlice({
  name: 'quotations',
  initialState: initialQuotationState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchQuotationItems.pending, (state, action) => {
        state.loading = true;
        state.fetchRequestId = action.meta.requestId;
        state.fetchError = null;
      })
      .addCase(fetchQuotationItems.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.fetchRequestId) return;
        state.data = action.payload.quotationItems;
        state.productById = Object.fromEntries(action.payload.products.map((product) => [product.uuid, product]));
        state.dataLoaded = true;
        state.loading = false;
      })
      .addCase(fetchQuotationItems.rejected, (state, action) => {
        if (action.meta.requestId !== state.fetchRequestId) return;
        state.loading = false;
        state.fetchError = failure(action);
      })
      .addCase(addInternalQuotation.pending, (state) => {
        state.addInternalError = null;
      })
      .addCase(addInternalQuotation.fulfilled, (state, action) => putItem(state, action.payload))
      .addCase(addInternalQuotation.rejected, (state, action) => {
        state.addInternalError = failure(action);
      })
      .addCase(addInternalQuotationFromProduct.pending, (state) => {
        state.addInternalFromProductError = null;
      })
      .addCase(addInternalQuotationFromProduct.fulfilled, (state, action) => putItem(state, action.payload))
      .addCase(addInternalQuotationFromProduct.rejected, (state, action) => {
        state.addInternalFromProductError = failure(action);
      })
      .addCase(addExternalQuotation.pending, (state) => {
        state.addExternalError = null;
      })
      .addCase(addExternalQuotation.fulfilled, (state, action) => putItem(state, action.payload))
      .addCase(addExternalQuotation.rejected, (state, action) => {
        state.addExternalError = failure(action);
      })
      .addCase(requestQuotation.pending, (state) => {
        state.addExternalError = null;
      })
      .addCase(requestQuotation.fulfilled, (state, action) => putItem(state, action.payload))
      .addCase(requestQuotation.rejected, (state, action) => {
        state.addExternalError = failure(action);
      })
      .addCase(setQuotationItem.pending, (state) => {
        state.setError = null;
      })
      .addCase(setQuotationItem.fulfilled, (state, action) => {
        if (!action.payload) return;
        const { quotationItem, product } = action.payload;
        const index = state.data.findIndex((item) => item.id === quotationItem.id);
        if (index === -1) return; // removed meanwhile
        dropFetchInFlight(state);
        state.data[index] = quotationItem;
        if (product) state.productById[product.uuid] = product;
      })
      .addCase(setQuotationItem.rejected, (state, action) => {
        state.setError = failure(action);
      })
      .addCase(removeQuotationItem.pending, (state) => {
        state.removeError = null;
      })
      .addCase(removeQuotationItem.fulfilled, (state, action) => {
        if (!action.payload) return;
        dropFetchInFlight(state);
        removeItem(state, action.payload.id);
      })
      .addCase(removeQuotationItem.rejected, (state, action) => {
        state.removeError = failure(action);
      })
      .addCase(quotationItemGone, (state, action) => {
        removeItem(state, action.payload);
      })
      .addCase(signedOut, () => initialQuotationState)
      .addCase(sessionExpired, () => initialQuotationState);
  },
});

/** An item as the domain's quotation rules read it. */
function quotationLineOf(item: QuotationItem): QuotationLine {
  return {
    productSource: item.productSource,
    status: item.status,
    variantPath: item.productSourceData.variantPath,
    quantity: item.quantity,
  };
}

/** The shop's product an item names, when it still exists (never for a marketplace product). */
export function productOf(quotations: Pick<QuotationState, 'productById'>, item: QuotationItem): Product | undefined {
  const productId = productIdOf(item);
  return productId ? quotations.productById[productId] : undefined;
}

/**
 * Whether an item may be selected for checkout (spec §4): resolved, and for the shop's products the
 * product still there and enabled (the domain's `isQuotationItemCheckable` with the product held
 * now); and the API agreed when it answered (`checkable`).
 */
export function isCheckable(quotations: Pick<QuotationState, 'productById'>, item: QuotationItem): boolean {
  return item.checkable && isQuotationItemCheckable(quotationLineOf(item), productOf(quotations, item));
}

/** Ids of the items that may be checked, in list order. */
export function checkableQuotationItemIds(quotations: Pick<QuotationState, 'data' | 'productById'>): string[] {
  return quotations.data.filter((item) => isCheckable(quotations, item)).map((item) => item.id);
}
