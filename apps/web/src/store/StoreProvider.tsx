'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { setAnalyticsEndpoint } from '../features/analytics/analytics';
import { hydrate, type InitialData } from './actions';
import { makeStore, startInBrowser, type AppStore } from './store';

export interface StoreProviderProps {
  /** What the root layout fetched on the server for the client store (the default region). */
  initial: InitialData;
  /** Where analytics events go (the shop's configuration, read on the server); none when null. */
  analyticsEndpoint: string | null;
  children: ReactNode;
}

function createStore(initial: InitialData): AppStore {
  const store = makeStore();
  store.dispatch(hydrate(initial));
  return store;
}

/**
 * Gives the app its Redux store: one per request on the server, one per browser session in the
 * browser (created once with `useState`, per Redux's Next.js guide). At start-up in the browser it
 * fetches the current user (rules: screens.md "/_app") and signs the user out locally when the API client's
 * session refresh fails (rules: state.md "Session refresh"); it points analytics at the configured endpoint.
 */
export function StoreProvider({ initial, analyticsEndpoint, children }: StoreProviderProps) {
  const [store] = useState(() => createStore(initial));

  // Idempotent and needed before the first page view is reported (effects of children run first).
  setAnalyticsEndpoint(analyticsEndpoint ?? undefined);

  // A refreshed layout (router.refresh, a region change) brings new server data: fill what is empty.
  useEffect(() => {
    store.dispatch(hydrate(initial));
  }, [store, initial]);

  useEffect(() => startInBrowser(store), [store]);

  return <Provider store={store}>{children}</Provider>;
}
