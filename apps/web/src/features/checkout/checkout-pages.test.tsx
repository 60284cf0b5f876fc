import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { formatMoney } from '@kedai/domain';
import { describe, expect, it, vi } from 'vitest';
import { makeStore, type RootState } from '../../store/store';
import { fakeApi, shopper } from '../../store/testing';
import { initialUserState } from '../account/user-slice';
import type { AddressBookLoad } from '../addresses/AddressBook';
import { externalItem, externalProduct, quote } from '../quotations/test-fixtures';
import { initialCheckoutState, type CheckoutState } from './checkout-slice';
import { CheckoutView } from './CheckoutView';
import { VoucherField } from './VoucherField';
import { SESSION_KEY, address, estimate, estimateLine, line, pan, phone, session, tokyo } from './test-fixtures';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn() }) }));

/*
 * What the checkout page shows in each state, rendered as HTML (the web tests run in Node without a
 * DOM, as the cart's and the address book's do). The rules and calls behind it are tested in
 * checkout-slice.test.ts and checkout-view.test.ts.
 */

const region = { key: 'SG', name: 'Singapore', currency: 'SGD', countries: ['SG'] };
const sgd = (amount: number) => formatMoney(amount, 'SGD');

function render(node: ReactNode, checkout: Partial<CheckoutState>): string {
  const preloadedState: Partial<RootState> = {
    user: { ...initialUserState, signedIn: true, tfaPassed: true, profileFetched: true, profile: shopper },
    checkout: { ...initialCheckoutState, key: SESSION_KEY, ...checkout },
  };
  const store = makeStore({ api: fakeApi({}).api, preloadedState });
  return renderToStaticMarkup(<Provider store={store}>{node}</Provider>);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[ \t\n]+/g, ' ');

function describedByTargetsExist(html: string): boolean {
  const ids = [...html.matchAll(/aria-describedby="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '));
  return ids.length > 0 && ids.every((id) => html.includes(`id="${id}"`));
}

/** The opening tag of the buttons whose text is `label`. */
const buttonsNamed = (html: string, label: string) =>
  [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].filter((m) => m[1] === label).map((m) => m[0]);

/** The <li> of one checkout line. */
function lineHtml(html: string, id: string): string {
  const start = html.indexOf(`data-checkout-line="${id}"`);
  return start === -1 ? '' : html.slice(html.lastIndexOf('<li', start), html.indexOf('</li>', start));
}

const phoneLine = line(phone(), { variantPath: '1/1', quantity: 2 });
const panLine = line(pan(), { quantity: 2 });
const market = externalItem(externalProduct(), { status: 'r', statusData: quote({ SG: 15900 }) });
const current = session([phoneLine, panLine], [phone(), pan()], [market]);
const pricedLines = [
  estimateLine(phoneLine.id, 'Pixel 8a', 2, 169900),
  estimateLine(panLine.id, 'Frying Pan', 2, 7690),
  estimateLine(market.id, 'Studio Headphones X2', 1, 15900, { kind: 'quotation' }),
];
const book: AddressBookLoad = { status: 'ready', addresses: [address(), tokyo], countries: ['SG', 'MY'] };
const placeable = estimate(pricedLines, {
  shipping: 800,
  shippingCountry: 'SG',
  tax: 33556,
  taxName: 'GST',
  total: 390216,
  canPlaceOrder: true,
});
const ready: Partial<CheckoutState> = { status: 'ready', session: current, estimate: placeable };

const page = (checkout: Partial<CheckoutState>, initialBook: AddressBookLoad = book) =>
  render(<CheckoutView checkoutKey={SESSION_KEY} region={region} assetsUrl="http://assets.example" initialBook={initialBook} />, checkout);

describe('/checkout/<key>', () => {
  it('says it is loading until the session is read', () => {
    const html = page({ status: 'loading' });
    expect(html).toMatch(/role="status"[^>]*>Loading your checkout…/);
    expect(html).toContain('<h1 id="checkout-title"');
  });

  it('an expired session says so, with the way back to the cart', () => {
    const html = page({ status: 'expired' });
    expect(text(html)).toContain('This checkout has expired. Start again from your cart.');
    expect(html).toMatch(/<a[^>]*href="\/cart"[^>]*>Back to your cart<\/a>/);
    expect(html).not.toContain('Place order');
  });

  it('a session that could not be read says why and offers to try again', () => {
    const html = page({ status: 'failed', loadError: 'The shop could not be reached.' });
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('We could not load your checkout: The shop could not be reached.');
    expect(buttonsNamed(html, 'Try again')).toHaveLength(1);
  });

  it('says the costs are being worked out before the first estimate', () => {
    expect(text(page({ status: 'ready', session: current }))).toContain('Working out your costs…');
  });

  it('shows every line with its picture, options, quantity, unit price and total', () => {
    const html = page(ready);
    const phoneHtml = lineHtml(html, phoneLine.id);
    expect(phoneHtml).toContain('src="http://assets.example/products/pixel-1_thumb.svg"');
    expect(text(phoneHtml)).toContain('Storage: 1 TB, Colour: Mint');
    expect(text(phoneHtml)).toContain(`2 × ${sgd(169900)}`);
    expect(text(phoneHtml)).toContain(sgd(339800));
    expect(phoneHtml).toContain('href="/product/pixel-8a-73?v=1/1"');
    const marketHtml = lineHtml(html, market.id);
    expect(marketHtml).toContain('src="https://images.fixture-mall.example/headphones-1.jpg"');
    expect(marketHtml).toContain('referrerPolicy="no-referrer"');
    expect(text(marketHtml)).toContain('From Fixture Mall');
    expect(text(html)).toContain('Items (5)');
  });

  it('the shipping addresses are radios, the main one first and chosen; a country not delivered to is disabled with the reason', () => {
    const html = page(ready);
    const radios = [...html.matchAll(/<input[^>]*name="shipping-address"[^>]*>/g)].map((m) => m[0]);
    expect(radios).toHaveLength(3);
    expect(radios[0]).toContain(`value="${address().id}"`);
    expect(radios[0]).toContain('checked=""');
    expect(radios[1]).toContain(`value="${tokyo.id}"`);
    expect(radios[1]).toContain('disabled=""');
    expect(radios[2]).toContain('value="new"');
    expect(text(html)).toContain('We do not deliver to Japan.');
    expect(text(html)).toContain('Main address');
    expect(text(html)).toContain('Add a new address');
    expect(html).toMatch(/<legend><h2[^>]*>Shipping address<\/h2><\/legend>/);
  });

  it('an empty address book opens the address form, offering only the countries delivered to', () => {
    const html = page(ready, { status: 'ready', addresses: [], countries: ['SG', 'MY'] });
    expect(html).toMatch(/<h3[^>]*>New shipping address<\/h3>/);
    const countryOptions = [
      ...(/<select[^>]*name="country"[^>]*>(.*?)<\/select>/.exec(html)?.[1] ?? '').matchAll(/value="([A-Z]{2})"/g),
    ].map((m) => m[1]);
    expect(countryOptions.sort()).toEqual(['MY', 'SG']);
    expect(buttonsNamed(html, 'Use this address')).toHaveLength(1);
    expect(text(html)).toContain('Choose a shipping address.');
  });

  it('billing is the shipping address by default', () => {
    const html = page(ready);
    expect(html).toMatch(/<input type="checkbox" checked=""[^>]*\/?>\s*<span>Same as shipping address<\/span>/);
    expect(html).not.toContain('name="billing-address"');
  });

  it('has the voucher field with Apply, notes to the shop (at most 1000) and the card as the payment method', () => {
    const html = page(ready);
    expect(html).toMatch(/<label[^>]*>Voucher code<\/label>/);
    expect(html).toMatch(/<button type="submit"[^>]*>Apply<\/button>/);
    expect(html).toMatch(/<textarea[^>]*maxLength="1000"/);
    expect(text(html)).toContain('Notes to the shop (optional)');
    expect(text(html)).toContain('0 of 1000 characters');
    const card = /<input[^>]*name="payment-method"[^>]*>/.exec(html)?.[0] ?? '';
    expect(card).toContain('type="radio"');
    expect(card).toContain('value="card"');
    expect(card).toContain('checked=""');
    expect(text(html)).toContain('Card');
  });

  it('offers PayNow beside card for an order in Singapore dollars, each labelled with what it means', () => {
    const html = page(ready);
    expect(html).toMatch(/<fieldset[^>]*><legend><h2[^>]*>Payment<\/h2><\/legend>/);
    const radios = [...html.matchAll(/<input[^>]*name="payment-method"[^>]*>/g)].map((m) => m[0]);
    expect(radios.map((radio) => /value="(\w+)"/.exec(radio)?.[1])).toEqual(['card', 'paynow']);
    expect(radios[1]).not.toContain('checked');
    expect(html).toMatch(
      /<label[^>]*for="checkout-payment-paynow"[^>]*>.*?PayNow<span[^>]*>Pay from your banking app by scanning a QR code; the shop confirms the transfer\.<\/span>/,
    );
  });

  it('PayNow chosen is checked, and the summary says how the order will be paid', () => {
    const html = page({ ...ready, paymentMethod: 'paynow' });
    expect(/<input[^>]*value="paynow"[^>]*>/.exec(html)?.[0]).toContain('checked=""');
    expect(text(html)).toContain('You pay by PayNow on the next page, once your order is placed.');
  });

  it('does not offer PayNow for an order in another currency', () => {
    const html = page({ ...ready, estimate: { ...placeable, region: 'JP', currency: 'JPY' } });
    expect([...html.matchAll(/name="payment-method"/g)]).toHaveLength(1);
    expect(html).not.toContain('value="paynow"');
    expect(text(html)).not.toContain('PayNow');
  });

  it('the summary lists subtotal, shipping, tax by its name and total, and Place order is enabled', () => {
    const html = page(ready);
    const costs = /<dl[^>]*>(.*?)<\/dl>/.exec(html)?.[1] ?? '';
    expect(text(costs).trim()).toBe(`Subtotal ${sgd(371080)} Shipping ${sgd(800)} GST ${sgd(33556)} Total ${sgd(390216)}`);
    const place = buttonsNamed(html, 'Place order');
    expect(place.length).toBeGreaterThan(0);
    for (const button of place) expect(button).not.toContain('disabled');
    expect(text(html)).toContain('You pay by card on the next page, once your order is placed.');
  });

  it('included tax is labelled so, and a discount shows its code', () => {
    const html = page({
      ...ready,
      estimate: { ...placeable, taxInclusive: true, discount: 1000, voucher: { code: 'WELCOME10', discount: 1000 } },
    });
    expect(text(html)).toContain('GST (included)');
    expect(text(html)).toContain(`Discount (WELCOME10) \u2212${sgd(1000)}`);
  });

  it('a line that cannot be bought says why, read with it, and Place order is disabled with the reasons', () => {
    const blocked = estimate([pricedLines[0]!, estimateLine(panLine.id, 'Frying Pan', 20, null, { reason: 'out_of_stock' })], {
      shipping: 800,
      shippingCountry: 'SG',
      canPlaceOrder: false,
    });
    const html = page({ ...ready, session: session([phoneLine, { ...panLine, quantity: 20 }], [phone(), pan()]), estimate: blocked });
    const panHtml = lineHtml(html, panLine.id);
    expect(text(panHtml)).toContain('Not enough in stock — only 12 left — it cannot be bought.');
    expect(panHtml).toMatch(/aria-describedby="checkout-line-[^"]+-reason"/);
    for (const button of buttonsNamed(html, 'Place order')) {
      expect(button).toContain('disabled=""');
      expect(button).toContain('aria-describedby="place-order-blockers"');
    }
    expect(text(html)).toContain('1 item cannot be bought. Go back to change or remove it.');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('a voucher that does not apply says why in shopper words, with Remove voucher', () => {
    const html = page({
      ...ready,
      estimate: { ...placeable, canPlaceOrder: false, voucherError: { errorCode: 'voucher/min_spend', error: 'Spend at least SGD 50.00' } },
    });
    // The page applies vouchers itself; rendered fresh, none is applied, so only the blocker shows.
    expect(text(html)).toContain('The voucher cannot be used: remove it or try another code.');
  });

  it('an order that could not be placed is said in an alert', () => {
    const html = page({
      ...ready,
      placeError: {
        message: 'Some items can no longer be bought. Check them and try again.',
        code: 'checkout/items_unavailable',
        maybePlaced: false,
      },
    });
    expect(html).toMatch(
      /role="alert" aria-live="assertive"><div[^>]*><p>Some items can no longer be bought\. Check them and try again\.<\/p>/,
    );
  });

  it('an order that may have been placed points to the orders', () => {
    const html = page({
      ...ready,
      placeError: { message: 'We could not confirm your order.', code: 'checkout/session_not_found', maybePlaced: true },
    });
    expect(html).toMatch(/<a[^>]*href="\/orders"[^>]*>See your orders<\/a>/);
  });

  it('while the order is placed, the button says so and the choices are locked', () => {
    const html = page({ ...ready, placing: true });
    expect(buttonsNamed(html, 'Placing your order…').length).toBeGreaterThan(0);
    expect(html).toMatch(/<fieldset[^>]*disabled=""/);
  });

  it('nothing left to buy sends the shopper back to the cart', () => {
    const html = page({ ...ready, estimate: estimate([estimateLine(phoneLine.id, '', 0, null, { reason: 'gone' })]) });
    expect(text(html)).toContain('no longer in your cart or your quotations');
    expect(html).toContain('href="/cart"');
  });
});

describe('the voucher', () => {
  const noop = () => {};
  const field = (applied: string | null, estimated = placeable, estimating = false) =>
    render(<VoucherField applied={applied} estimate={estimated} estimating={estimating} onApply={noop} onRemove={noop} />, ready);

  it('an applied voucher shows its discount, announced, with Remove voucher', () => {
    const html = field('WELCOME10', { ...placeable, discount: 1000, voucher: { code: 'WELCOME10', discount: 1000 } });
    expect(text(html)).toContain(`Voucher WELCOME10 applied: ${sgd(1000)} off.`);
    expect(html).toMatch(/role="status" aria-live="polite" aria-atomic="true">Voucher WELCOME10 applied/);
    expect(buttonsNamed(html, 'Remove voucher').length + (html.includes('>Remove voucher<') ? 1 : 0)).toBeGreaterThan(0);
    expect(html).not.toContain('Voucher code</label>');
  });

  it('a voucher that does not apply to these items says why in shopper words', () => {
    const html = field('BIGSPEND', {
      ...placeable,
      voucherError: { errorCode: 'voucher/min_spend', error: 'Spend at least SGD 500.00 to use this voucher' },
    });
    expect(text(html)).toContain(`Voucher BIGSPEND cannot be used: Spend at least SGD 500.00 to use this voucher.`);
    const unknown = field('NOPE', {
      ...placeable,
      voucherError: { errorCode: 'voucher/not_found', error: 'This voucher code does not exist' },
    });
    expect(text(unknown)).toContain('Voucher NOPE cannot be used: We do not know this voucher code. Check it and try again.');
  });

  it('while the estimate for it is on its way, it says so', () => {
    expect(text(field('WELCOME10', placeable, true))).toContain('Voucher WELCOME10 is being applied…');
  });
});
