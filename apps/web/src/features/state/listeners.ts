/**
 * The watchers of spec §4 "Loading", as listener-middleware effects (one set per store):
 * - config: on `configRequested`, fetch `GET /config` unless loaded; unsubscribes once loaded.
 * - default region: on `defaultRegionRequested`, fetch `GET /region/default` unless loaded;
 *   unsubscribes once loaded. Failures are only logged (in the thunk).
 * - preferred region: the first time the user is signed in, fetch `GET /region/preferred` once.
 */
import type { TypedStartListening } from '@reduxjs/toolkit';
import { configRequested, fetchConfig } from './configSlice';
import { defaultRegionRequested, fetchDefaultRegion, fetchPreferredRegion } from './regionSlice';
import type { AppThunkDispatch, RootState, ThunkExtra } from './types';

export type AppStartListening = TypedStartListening<RootState, AppThunkDispatch, ThunkExtra>;

export function registerWatchers(startListening: AppStartListening): void {
  startListening({
    actionCreator: configRequested,
    effect: async (_action, api) => {
      if (api.getState().config.clientLoaded) {
        api.unsubscribe();
        return;
      }
      const result = await api.dispatch(fetchConfig());
      if (fetchConfig.fulfilled.match(result)) api.unsubscribe();
    },
  });

  startListening({
    actionCreator: defaultRegionRequested,
    effect: async (_action, api) => {
      if (api.getState().region.defaultRegionLoaded) {
        api.unsubscribe();
        return;
      }
      const result = await api.dispatch(fetchDefaultRegion());
      if (fetchDefaultRegion.fulfilled.match(result)) api.unsubscribe();
    },
  });

  startListening({
    predicate: (_action, state) => state.user.signedIn && !state.region.preferredRegionLoaded,
    effect: async (_action, api) => {
      // Once per store: unsubscribe before fetching, so no later action starts a second fetch.
      api.unsubscribe();
      await api.dispatch(fetchPreferredRegion());
    },
  });
}
