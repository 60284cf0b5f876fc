/**
 * Checkout state (issue 16; decision 0010: checkout state joins the client store): the session being
 * checked out (`key`, what `GET /checkout/session/{key}` read), its latest cost estimate, the key that
 * names the attempt to place its order, and one error slot per flow (start, load, estimate, place).
 *
 * - `startCheckout` (`POST /checkout/session`): the selection for checkout (checked cart lines and
 *   quotation items) becomes a session; resolves with its key, which the page goes to.
 * - `openCheckout` (`GET /checkout/session/{key}`): another key starts afresh (a new attempt); the
 *   same key reads the session again. A 404 `checkout/session_not_found` marks it expired.
 * - `estimateCosts` (`GET /checkout/estimate_costs`) with the address and voucher chosen: only the
 *   latest ask's answer counts (the shopper may change the address again before an answer).
 * - `placeOrder` (`POST /checkout/create_order`) sends the attempt's `Idempotency-Key`: made once per
 *   session and reused on every retry, so a retry after a lost answer gets the same order instead of a
 *   second one. A 409 `checkout/items_unavailable` reads the session and the estimate again (the lines
 *   then say why); a 404 after an attempt that got no answer may mean the order was placed (the
 *   session goes with it), so the page points to the orders rather than calling it expired. The
 *   placed order's cart lines and quotation items leave the cart and the quotation list.
 * - `checkVoucher` (`POST /voucher/validate`): whether a code can be used at all, before it is sent
 *   with the estimate (which says whether it applies to these items).
 * - `paymentMethodChosen`: card, or PayNow while the estimate is in Singapore dollars (issue 17); an
 *   estimate in another currency (the region changed) puts the choice back to card.
 * - Signing out (or a session that cannot be refreshed) empties it.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CheckoutSession, CostEstimate, Order, VoucherSummary } from '@kedai/contract';
import { errorMessageFor } from '@kedai/domain';
import { thunkCreatorFor } from '../../store/thunk';
import { sessionExpired, signedOut } from '../account/user-slice';
import { cartItemGone } from '../cart/cart-slice';
import { quotationItemGone } from '../quotations/quotation-slice';
import { newAttemptKey } from './checkout-view';
import { DEFAULT_PAYMENT_METHOD, offeredMethod, type PaymentMethod } from './payment-methods';

type CheckoutStatus = 'idle' | 'loading' | 'ready' | 'expired' | 'failed';

/** What the estimate is asked for: the address chosen and the voucher applied. */
export interface EstimateChoices {
  shippingAddressId: string | null;
  voucherCode: string | null;
}

export interface CheckoutState {
  /** The session on the page. */
  key: string | null;
  /** The shopper's region, by one of its countries (every call of the session sends it). */
  regionCountryCode: string | null;
  session: CheckoutSession | null;
  status: CheckoutStatus;
  loadError: string | null;
  estimate: CostEstimate | null;
  /** What `estimate` was asked for; the latest ask (a 409 asks it again). */
  estimateChoices: EstimateChoices;
  /** The latest `GET /checkout/estimate_costs` asked for: only its answer counts. */
  estimateRequestId: string | null;
  estimating: boolean;
  estimateError: string | null;
  /** The `Idempotency-Key` of this session's attempt to place the order, once one was made. */
  attemptKey: string | null;
  /** An attempt got no answer (the network failed): the order may have been placed. */
  attemptUnanswered: boolean;
  placing: boolean;
  placeError: PlaceFailure | null;
  placedOrderId: string | null;
  /** `POST /checkout/session` is in flight (the cart's or the quotations' Checkout). */
  starting: boolean;
  startError: string | null;
  /** How the order will be paid: always one offered in the estimate's currency. */
  paymentMethod: PaymentMethod;
}

export interface PlaceFailure {
  message: string;
  /** The error code, when the API gave one (`checkout/items_unavailable`, `voucher/used_up`, …). */
  code: string | null;
  /** The order may have been placed by an attempt that got no answer: see the orders. */
  maybePlaced: boolean;
}

/** What the checkout's thunks read. */
export interface CheckoutRoot {
  checkout: CheckoutState;
}

export const initialCheckoutState: CheckoutState = {
  key: null,
  regionCountryCode: null,
  session: null,
  status: 'idle',
  loadError: null,
  estimate: null,
  estimateChoices: { shippingAddressId: null, voucherCode: null },
  estimateRequestId: null,
  estimating: false,
  estimateError: null,
  attemptKey: null,
  attemptUnanswered: false,
  placing: false,
  placeError: null,
  placedOrderId: null,
  starting: false,
  startError: null,
  paymentMethod: DEFAULT_PAYMENT_METHOD,
};

const createCheckoutThunk = thunkCreatorFor<CheckoutRoot>();
const createPlaceThunk = thunkCreatorFor<CheckoutRoot, PlaceFailure>();

function codeOf(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { errorCode?: unknown }).errorCode : undefined;
  return typeof code === 'string' ? code : null;
}

/** The call got no answer (status 0: the network, or the API unreachable). */
function unanswered(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 0;
}

const SESSION_NOT_FOUND = 'checkout/session_not_found';

export interface StartCheckoutInput {
  cartItemIds: readonly string[];
  quotationItemIds: readonly string[];
}

/** `POST /checkout/session` with the selection: resolves with the new session's key. */
export const startCheckout = createCheckoutThunk('checkout/start', async (input: StartCheckoutInput, { extra, rejectWithValue }) => {
  try {
    const created = await extra.api.post('/checkout/session', {
      body: { cartItemIds: [...input.cartItemIds], quotationItemIds: [...input.quotationItemIds] },
    });
    return created.key;
  } catch (error) {
    return rejectWithValue(errorMessageFor(error));
  }
});

export interface OpenCheckoutInput {
  key: string;
  regionCountryCode: string | null;
}

/** `GET /checkout/session/{key}`: the session's lines as they are now. */
export const openCheckout = createCheckoutThunk('checkout/open', async ({ key, regionCountryCode }: OpenCheckoutInput, thunk) => {
  try {
    return await thunk.extra.api.get('/checkout/session/:key', {
      params: { key },
      query: regionCountryCode ? { regionCountryCode } : {},
    });
  } catch (error) {
    return thunk.rejectWithValue(codeOf(error) === SESSION_NOT_FOUND ? SESSION_NOT_FOUND : errorMessageFor(error));
  }
});

/** `GET /checkout/estimate_costs` for the session on the page, with the address and voucher chosen. */
export const estimateCosts = createCheckoutThunk(
  'checkout/estimate',
  async (choices: EstimateChoices, { extra, getState, rejectWithValue }) => {
    const { key, regionCountryCode, paymentMethod } = getState().checkout;
    if (!key) return rejectWithValue(errorMessageFor({ errorCode: SESSION_NOT_FOUND }));
    try {
      return await extra.api.get('/checkout/estimate_costs', {
        query: {
          checkoutSessionKey: key,
          ...(choices.voucherCode ? { voucherCode: choices.voucherCode } : {}),
          ...(choices.shippingAddressId ? { shippingAddressId: choices.shippingAddressId } : {}),
          ...(regionCountryCode ? { regionCountryCode } : {}),
          paymentMethod,
        },
      });
    } catch (error) {
      return rejectWithValue(codeOf(error) === SESSION_NOT_FOUND ? SESSION_NOT_FOUND : errorMessageFor(error));
    }
  },
);

/** The session and its estimate read again (after a 409: the lines then say what changed). */
const refreshCheckout = createCheckoutThunk('checkout/refresh', async (_: void, { dispatch, getState }) => {
  const { key, regionCountryCode, estimateChoices } = getState().checkout;
  if (!key) return;
  await Promise.all([dispatch(openCheckout({ key, regionCountryCode })), dispatch(estimateCosts(estimateChoices))]);
});

export interface PlaceOrderInput {
  shippingAddressId: string;
  /** Null: the shipping address. */
  billingAddressId: string | null;
  voucherCode: string | null;
  notes: string;
}

/**
 * `POST /checkout/create_order` with the payment method chosen and the attempt's `Idempotency-Key`
 * (made on the first attempt and kept for the retries). Resolves with the order (201 new, 200 the
 * attempt's earlier one).
 */
export const placeOrder = createPlaceThunk(
  'checkout/place',
  async (input: PlaceOrderInput, { extra, dispatch, getState, rejectWithValue }) => {
    const { key, regionCountryCode, paymentMethod } = getState().checkout;
    if (!key)
      return rejectWithValue({ message: errorMessageFor({ errorCode: SESSION_NOT_FOUND }), code: SESSION_NOT_FOUND, maybePlaced: false });
    let attemptKey = getState().checkout.attemptKey;
    if (!attemptKey) {
      attemptKey = newAttemptKey();
      dispatch(attemptMade(attemptKey));
    }
    const hadUnanswered = getState().checkout.attemptUnanswered;
    let order: Order;
    try {
      order = await extra.api.post('/checkout/create_order', {
        body: {
          checkoutSessionKey: key,
          paymentMethod,
          shippingAddressId: input.shippingAddressId,
          ...(input.billingAddressId ? { billingAddressId: input.billingAddressId } : {}),
          ...(input.voucherCode ? { voucherCode: input.voucherCode } : {}),
          notes: input.notes.trim(),
          ...(regionCountryCode ? { regionCountryCode } : {}),
        },
        headers: { 'Idempotency-Key': attemptKey },
      });
    } catch (error) {
      const code = codeOf(error);
      if (unanswered(error)) dispatch(attemptUnanswered());
      if (code === 'checkout/items_unavailable') void dispatch(refreshCheckout());
      const maybePlaced = code === SESSION_NOT_FOUND && hadUnanswered;
      return rejectWithValue({
        message: maybePlaced
          ? 'We could not confirm your order: it may have been placed. Check your orders before trying again.'
          : errorMessageFor(error),
        code,
        maybePlaced,
      });
    }
    // The order consumed these: they leave the cart and the quotation list at once.
    for (const id of order.cartItems) dispatch(cartItemGone(id));
    for (const id of order.quotationItems) dispatch(quotationItemGone(id));
    return order;
  },
);

/** `POST /voucher/validate`: the voucher when the code can be used; rejects with the reason in words. */
export const checkVoucher = createCheckoutThunk('checkout/checkVoucher', async (code: string, { extra, rejectWithValue }) => {
  try {
    return (await extra.api.post('/voucher/validate', { body: { code: code.trim() } })) satisfies VoucherSummary;
  } catch (error) {
    return rejectWithValue(errorMessageFor(error));
  }
});

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    /** The first attempt to place the session's order: its key, kept for the retries. */
    attemptMade(state, action: PayloadAction<string>) {
      state.attemptKey = action.payload;
    },
    attemptUnanswered(state) {
      state.attemptUnanswered = true;
    },
    /** A method not offered in the estimate's currency (PayNow outside SGD) leaves card chosen. */
    paymentMethodChosen(state, action: PayloadAction<PaymentMethod>) {
      state.paymentMethod = state.estimate ? offeredMethod(action.payload, state.estimate.currency) : DEFAULT_PAYMENT_METHOD;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(startCheckout.pending, (state) => {
        state.starting = true;
        state.startError = null;
      })
      .addCase(startCheckout.fulfilled, (state) => {
        state.starting = false;
      })
      .addCase(startCheckout.rejected, (state, action) => {
        state.starting = false;
        state.startError = action.payload ?? action.error.message ?? 'Unknown error';
      })
      .addCase(openCheckout.pending, (state, action) => {
        const { key, regionCountryCode } = action.meta.arg;
        if (state.key !== key) {
          // Another session: nothing of the last one carries over, its attempt key least of all.
          Object.assign(state, { ...initialCheckoutState, starting: state.starting, startError: state.startError });
          state.key = key;
          state.status = 'loading';
        }
        state.regionCountryCode = regionCountryCode;
        state.loadError = null;
      })
      .addCase(openCheckout.fulfilled, (state, action) => {
        if (state.key !== action.meta.arg.key) return;
        state.session = action.payload;
        state.status = 'ready';
      })
      .addCase(openCheckout.rejected, (state, action) => {
        if (state.key !== action.meta.arg.key) return;
        if (action.payload === SESSION_NOT_FOUND) {
          state.status = 'expired';
          return;
        }
        state.loadError = action.payload ?? action.error.message ?? 'Unknown error';
        // A session already shown stays on the page; only a first read that failed is a failed page.
        if (!state.session) state.status = 'failed';
      })
      .addCase(estimateCosts.pending, (state, action) => {
        state.estimateRequestId = action.meta.requestId;
        state.estimateChoices = action.meta.arg;
        state.estimating = true;
        state.estimateError = null;
      })
      .addCase(estimateCosts.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.estimateRequestId) return;
        state.estimate = action.payload;
        state.estimating = false;
        // Another region may price it in another currency, where PayNow is not offered.
        state.paymentMethod = offeredMethod(state.paymentMethod, action.payload.currency);
      })
      .addCase(estimateCosts.rejected, (state, action) => {
        if (action.meta.requestId !== state.estimateRequestId) return;
        state.estimating = false;
        if (action.payload === SESSION_NOT_FOUND) state.status = 'expired';
        else state.estimateError = action.payload ?? action.error.message ?? 'Unknown error';
      })
      .addCase(placeOrder.pending, (state) => {
        state.placing = true;
        state.placeError = null;
      })
      .addCase(placeOrder.fulfilled, (state, action) => {
        state.placing = false;
        state.placedOrderId = action.payload.id;
      })
      .addCase(placeOrder.rejected, (state, action) => {
        state.placing = false;
        const failure = action.payload ?? { message: action.error.message ?? 'Unknown error', code: null, maybePlaced: false };
        if (failure.code === SESSION_NOT_FOUND && !failure.maybePlaced) state.status = 'expired';
        state.placeError = failure;
      })
      .addCase(signedOut, () => initialCheckoutState)
      .addCase(sessionExpired, () => initialCheckoutState);
  },
});

const { attemptMade, attemptUnanswered } = checkoutSlice.actions;
export const { paymentMethodChosen } = checkoutSlice.actions;
