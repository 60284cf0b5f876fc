/**
 * The client store, composed here from the features' slices and watchers: a new feature adds its
 * slice to `reducer` and its watchers to `watchers`, one line each. One store per request on the
 * server and one per browser session (created by `StoreProvider`, per Redux's Next.js guide —
 * never a module-level singleton). What lives here and what comes from server props: decision 0010.
 */
import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { ApiClient } from '@kedai/contract/client';
import { fetchCurrentUser, sessionExpired, userSlice } from '../features/account/user-slice';
import { cartSlice } from '../features/cart/cart-slice';
import { registerCartWatchers } from '../features/cart/listeners';
import { selectionSlice } from '../features/cart/selection-slice';
import { checkoutSlice } from '../features/checkout/checkout-slice';
import { registerQuotationWatchers } from '../features/quotations/listeners';
import { quotationSlice } from '../features/quotations/quotation-slice';
import { registerRegionWatchers } from '../features/region/listeners';
import { regionSlice } from '../features/region/region-slice';
import { browserApi, onSessionExpired } from '../lib/browser-api';
import { appStarted } from './actions';
import type { StartListeningFor, ThunkExtra } from './thunk';

const reducer = {
  user: userSlice.reducer,
  region: regionSlice.reducer,
  cart: cartSlice.reducer,
  selection: selectionSlice.reducer,
  quotations: quotationSlice.reducer,
  checkout: checkoutSlice.reducer,
};

const watchers = [registerRegionWatchers, registerCartWatchers, registerQuotationWatchers];

const rootReducer = combineReducers(reducer);
export type RootState = ReturnType<typeof rootReducer>;

export interface MakeStoreOptions {
  /** How thunks call the API; the browser client by default. */
  api?: ApiClient;
  preloadedState?: Partial<RootState>;
}

export function makeStore(options: MakeStoreOptions = {}) {
  const extra: ThunkExtra = { api: options.api ?? browserApi };
  const listener = createListenerMiddleware<RootState>({ extra });
  const startListening = listener.startListening as StartListeningFor<RootState>;
  for (const register of watchers) register(startListening);
  return configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: { extraArgument: extra } }).prepend(listener.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * What the app does when it starts in the browser (rules: screens.md "/_app"): fetch the current user; and
 * sign the user out locally whenever the API client's session refresh fails (rules: state.md "Session
 * refresh"). Returns the clean-up.
 */
export function startInBrowser(store: AppStore, watchSession: typeof onSessionExpired = onSessionExpired): () => void {
  store.dispatch(appStarted());
  void store.dispatch(fetchCurrentUser({ onlyIfUnknown: true }));
  return watchSession(() => store.dispatch(sessionExpired()));
}
