/**
 * The client store: one per request on the server and one per browser session (created by
 * `StoreProvider`, per Redux's Next.js guide — never a module-level singleton).
 */
import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { ApiClient } from '@kedai/contract/client';
import { browserApi, onSessionExpired } from '../../lib/browser-api';
import { cartSlice } from '../cart/cartSlice';
import { selectionSlice } from '../cart/selectionSlice';
import { appStarted } from './actions';
import { categoriesSlice } from './categoriesSlice';
import { configRequested, configSlice } from './configSlice';
import { registerWatchers } from './listeners';
import { regionSlice } from './regionSlice';
import type { AppThunkDispatch, RootState, ThunkExtra } from './types';
import { fetchCurrentUser, sessionExpired, userSlice } from './userSlice';

export const rootReducer = combineReducers({
  config: configSlice.reducer,
  region: regionSlice.reducer,
  categories: categoriesSlice.reducer,
  user: userSlice.reducer,
  cart: cartSlice.reducer,
  selection: selectionSlice.reducer,
});

export interface MakeStoreOptions {
  /** How thunks call the API; the browser client by default. */
  api?: ApiClient;
  preloadedState?: Partial<RootState>;
}

export function makeStore(options: MakeStoreOptions = {}) {
  const extra: ThunkExtra = { api: options.api ?? browserApi };
  const listener = createListenerMiddleware<RootState, AppThunkDispatch, ThunkExtra>({ extra });
  registerWatchers(listener.startListening);
  return configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: { extraArgument: extra } }).prepend(listener.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type { RootState } from './types';

/**
 * What the app does when it starts in the browser (spec §2 "/_app"): fetch the current user and
 * ask for the configuration; and sign the user out locally whenever the API client's session
 * refresh fails (spec §4 "Session refresh"). Returns the clean-up.
 */
export function startInBrowser(store: AppStore, watchSession: typeof onSessionExpired = onSessionExpired): () => void {
  store.dispatch(appStarted());
  void store.dispatch(fetchCurrentUser({ onlyIfUnknown: true }));
  store.dispatch(configRequested());
  return watchSession(() => store.dispatch(sessionExpired()));
}
