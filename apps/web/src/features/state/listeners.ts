/**
 * The watchers of spec §4 "Loading", as listener-middleware effects (one set per store):
 * - config: on `configRequested`, fetch `GET /config` unless loaded; unsubscribes once loaded.
 * - default region: on `defaultRegionRequested`, fetch `GET /region/default` unless loaded;
 *   unsubscribes once loaded. Failures are only logged (in the thunk).
 * - preferred region: the first time the user is signed in (second factor passed, if on), fetch
 *   `GET /region/preferred` once.
 * - last chosen region: at start-up in the browser, the picker's `kedai_region` cookie (kept a
 *   year) restores lastChosenRegion, so the choice is remembered across visits.
 * - selection for checkout: pruned whenever the cart changes (`features/cart/listeners.ts`).
 */
import type { TypedStartListening } from '@reduxjs/toolkit';
import { registerCartWatchers } from '../cart/listeners';
import { REGION_COOKIE, cookieValue } from '../region/country';
import { appStarted } from './actions';
import { configRequested, fetchConfig } from './configSlice';
import { defaultRegionRequested, fetchDefaultRegion, fetchPreferredRegion, lastChosenRegion } from './regionSlice';
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
    // Not while a second factor is owed: the API answers 403 then, and the one fetch would be spent.
    predicate: (_action, state) => state.user.signedIn && state.user.tfaPassed && !state.region.preferredRegionLoaded,
    effect: async (_action, api) => {
      // Once per store: unsubscribe before fetching, so no later action starts a second fetch.
      api.unsubscribe();
      await api.dispatch(fetchPreferredRegion());
    },
  });

  startListening({
    actionCreator: appStarted,
    effect: (_action, api) => {
      if (typeof document === 'undefined' || api.getState().region.lastChosenRegion) return;
      const key = cookieValue(document.cookie, REGION_COOKIE);
      if (key) api.dispatch(lastChosenRegion(key));
    },
  });

  registerCartWatchers(startListening);
}
