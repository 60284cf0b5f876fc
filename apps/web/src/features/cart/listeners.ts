/**
 * Watcher of the cart (registered by the store): whenever the cart's lines or
 * products change, the selection for checkout drops the ids that no longer exist or are no longer
 * available (rules: state.md "Selection for checkout", §4).
 */
import type { StartListeningFor } from '../../store/thunk';
import { pruneSelection, type SelectionRoot } from './selection-slice';

export function registerCartWatchers(startListening: StartListeningFor<SelectionRoot>): void {
  startListening({
    predicate: (_action, current, previous) =>
      current.cart.data !== previous.cart.data || current.cart.productById !== previous.cart.productById,
    effect: (_action, api) => {
      api.dispatch(pruneSelection());
    },
  });
}
