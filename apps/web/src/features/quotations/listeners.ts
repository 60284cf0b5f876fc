/**
 * Watcher of the quotation list (registered by the store): whenever its items or their products
 * change, the selection for checkout drops the quotation ids that no longer exist or can no longer
 * be checked out (spec §4 "Quotation"; rules: state.md "Selection for checkout").
 */
import type { StartListeningFor } from '../../store/thunk';
import { pruneQuotationSelection, type QuotationSelectionRoot } from '../cart/selection-slice';

export function registerQuotationWatchers(startListening: StartListeningFor<QuotationSelectionRoot>): void {
  startListening({
    predicate: (_action, current, previous) =>
      current.quotations.data !== previous.quotations.data || current.quotations.productById !== previous.quotations.productById,
    effect: (_action, api) => {
      api.dispatch(pruneQuotationSelection());
    },
  });
}
