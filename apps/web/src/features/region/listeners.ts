/**
 * The region's watchers (rules: state.md "Loading"), registered by the store:
 * - preferred region: the first time the user is signed in (second factor passed, if on), fetch
 *   `GET /region/preferred` once.
 * - last chosen region: at start-up in the browser, the picker's `kedai_region` cookie (kept a
 *   year) restores lastChosenRegion, so the choice is remembered across visits.
 */
import { appStarted } from '../../store/actions';
import type { StartListeningFor } from '../../store/thunk';
import { REGION_COOKIE, cookieValue } from './country';
import { fetchPreferredRegion, lastChosenRegion, type RegionRoot } from './region-slice';

export function registerRegionWatchers(startListening: StartListeningFor<RegionRoot>): void {
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
}
