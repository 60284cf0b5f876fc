'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { setAnalyticsEndpoint } from '../analytics/analytics';
import { hydrate, type InitialData } from './actions';
import { makeStore, startInBrowser, type AppStore } from './store';

export interface StoreProviderProps {
  /** What the root layout fetched on the server (config, default region, categories). */
  initial: InitialData;
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
 * fetches the current user and asks for the configuration (spec §2 "/_app"), points analytics at
 * the configured endpoint, and signs the user out locally when the API client's session refresh
 * fails (spec §4 "Session refresh").
 */
export function StoreProvider({ initial, children }: StoreProviderProps) {
  const [store] = useState(() => createStore(initial));

  // Idempotent and needed before the first page view is reported (effects of children run first).
  setAnalyticsEndpoint(store.getState().config.data?.analytics_endpoint);

  // A refreshed layout (router.refresh, a region change) brings new server data: fill what is empty.
  useEffect(() => {
    store.dispatch(hydrate(initial));
  }, [store, initial]);

  useEffect(() => {
    const stopStartUp = startInBrowser(store);
    let endpoint = store.getState().config.data?.analytics_endpoint;
    const unsubscribe = store.subscribe(() => {
      const next = store.getState().config.data?.analytics_endpoint;
      if (next !== endpoint) {
        endpoint = next;
        setAnalyticsEndpoint(next);
      }
    });
    return () => {
      unsubscribe();
      stopStartUp();
    };
  }, [store]);

  return <Provider store={store}>{children}</Provider>;
}
