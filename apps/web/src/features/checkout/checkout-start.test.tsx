import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { makeStore, type RootState } from '../../store/store';
import { fakeApi, shopper } from '../../store/testing';
import { initialUserState } from '../account/user-slice';
import { initialCartState } from '../cart/cart-slice';
import { initialSelectionState } from '../cart/selection-slice';
import { initialQuotationState } from '../quotations/quotation-slice';
import { QuotationsView } from '../quotations/QuotationsView';
import { externalItem, quote } from '../quotations/test-fixtures';
import { line, pan, phone } from './test-fixtures';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn() }),
}));

/*
 * Checkout from the quotations, rendered as HTML: enabled while something is selected, disabled with
 * the reason when nothing is, and saying what else goes with it (the selection for checkout is both
 * sets). The cart's is the same summary (ui/CheckoutSummary.test.tsx); the cart page renders its lines
 * only after reading them itself, so it is not rendered here. Starting a checkout
 * (`POST /checkout/session`) is tested in checkout-slice.test.ts.
 */

const region = { key: 'SG', name: 'Singapore', currency: 'SGD' };
const phoneLine = line(phone(), { variantPath: '0/0' });
const panLine = line(pan());
const quoted = externalItem(undefined, { status: 'r', statusData: quote({ SG: 15900 }) });

function render(node: ReactNode, selection: { cartItemIds?: string[]; quotationItemIds?: string[] }): string {
  const preloadedState: Partial<RootState> = {
    user: { ...initialUserState, signedIn: true, tfaPassed: true, profileFetched: true, profile: shopper },
    cart: {
      ...initialCartState,
      data: [phoneLine, panLine],
      productById: { [phone().uuid]: phone(), [pan().uuid]: pan() },
      dataLoaded: true,
    },
    quotations: { ...initialQuotationState, data: [quoted], dataLoaded: true },
    selection: { ...initialSelectionState, cartItemIds: [], quotationItemIds: [], ...selection },
  };
  const store = makeStore({ api: fakeApi({}).api, preloadedState });
  return renderToStaticMarkup(<Provider store={store}>{node}</Provider>);
}

/** The main Checkout button (the summary's; the phone's bar shows only in a browser). */
const checkoutButton = (html: string) => /<button[^>]*>Checkout<\/button>/.exec(html)?.[0] ?? '';
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/[ \t\n]+/g, ' ');

describe('Checkout from the quotations', () => {
  const page = (selection: { cartItemIds?: string[]; quotationItemIds?: string[] }) =>
    render(<QuotationsView region={region} assetsUrl="" />, selection);

  it('is enabled with a quotation selected', () => {
    const button = checkoutButton(page({ quotationItemIds: [quoted.id] }));
    expect(button).not.toContain('disabled');
  });

  it('is disabled while nothing is selected, saying what to do', () => {
    const html = page({});
    expect(checkoutButton(html)).toContain('disabled=""');
    expect(checkoutButton(html)).toContain('aria-describedby="quotation-checkout-note"');
    expect(html).toContain('id="quotation-checkout-note">Select the quoted items you want to buy.</p>');
  });

  it('says the cart’s selected lines go to checkout too', () => {
    const html = page({ quotationItemIds: [quoted.id], cartItemIds: [phoneLine.id, panLine.id] });
    expect(text(html)).toContain('The 2 items selected in your cart go to checkout too.');
  });
});
