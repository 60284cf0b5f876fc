/**
 * Watcher of the cart (registered by `features/state/listeners.ts`): whenever the cart's lines or
 * products change, the selection for checkout drops the ids that no longer exist or are no longer
 * available (spec §3 "Selection for checkout", §4).
 */
import type { AppStartListening } from '../state/listeners';
import { pruneSelection } from './selectionSlice';

export function registerCartWatchers(startListening: AppStartListening): void {
  startListening({
    predicate: (_action, current, previous) =>
      current.cart.data !== previous.cart.data || current.cart.productById !== previous.cart.productById,
    effect: (_action, api) => {
      api.dispatch(pruneSelection());
    },
  });
}
