import { renderToStaticMarkup } from 'react-dom/server';
import type { Stripe } from '@stripe/stripe-js';
import { formatMoney } from '@kedai/domain';
import { describe, expect, it, vi } from 'vitest';
import { order } from '../checkout/test-fixtures';
import { OrderView } from '../orders/OrderView';
import { PayForm } from '../orders/PayForm';
import type { SavedCard, SavedCardsLoad } from './saved-cards';
import { SavedCardsView } from './SavedCardsView';
import { CARD_FORM_FAILED, StripeCardForm, type StripeLoad } from './StripeCardForm';

// Stripe.js is never loaded in tests: Elements shows its options, the Payment Element a placeholder.
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(() => Promise.resolve(null)) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ options, children }: { options: unknown; children: unknown }) => (
    <div data-elements-options={JSON.stringify(options)}>{children as never}</div>
  ),
  PaymentElement: ({ id }: { id: string }) => <div id={id} data-payment-element="" />,
  useStripe: () => ({}),
  useElements: () => ({}),
}));

/*
 * What the card section of an order shows on the test gateway and with Stripe, and the saved cards
 * page, in each state, rendered as HTML (the web tests run in Node without a DOM). The steps behind
 * the buttons — the calls, their bodies and their order with Stripe.js — are tested in
 * stripe-payment.test.ts, saved-cards.test.ts and orders/payment.test.ts.
 */

const noop = () => {};
const now = new Date('2026-11-25T08:00:00Z');
const awaiting = order();
const total = formatMoney(awaiting.total, 'SGD');
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[ \t\n]+/g, ' ');
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
const buttonTag = (html: string, label: string) =>
  [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)].find((m) => m[2] === label)?.[1] ?? '';
const radios = (html: string) => [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((m) => m[0]);
const elementsOptions = (html: string) => {
  const raw = /data-elements-options="([^"]*)"/.exec(html)?.[1];
  return raw ? (JSON.parse(raw.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Record<string, unknown>) : null;
};

function idsExist(html: string, attribute: 'aria-describedby' | 'aria-controls' | 'aria-labelledby'): boolean {
  const ids = [...html.matchAll(new RegExp(`${attribute}="([^"]+)"`, 'g'))].flatMap((m) => m[1]!.split(' '));
  return ids.every((id) => html.includes(`id="${id}"`));
}

const card = (overrides: Partial<SavedCard> = {}): SavedCard => ({
  id: 'eeeeeeee-0000-4000-8000-000000000001',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2034,
  createdAt: 1_800_000_000,
  ...overrides,
});
const mastercard = card({ id: 'eeeeeeee-0000-4000-8000-000000000002', brand: 'mastercard', last4: '4444', expMonth: 8, expYear: 2030 });
const expired = card({ id: 'eeeeeeee-0000-4000-8000-000000000003', brand: 'amex', last4: '0005', expMonth: 1, expYear: 2024 });
const ready = (...cards: SavedCard[]): SavedCardsLoad => ({ status: 'ready', cards });

describe('the test gateway’s card section', () => {
  const form = (props: Partial<Parameters<typeof PayForm>[0]> = {}) =>
    renderToStaticMarkup(<PayForm order={awaiting} onChanged={noop} onDeclined={noop} {...props} />);

  it('saved cards: a radio list, the newest first and chosen, with one-click “Pay <total> with this card”; the card form behind “or pay with another card”', () => {
    const html = form({ initialSavedCards: ready(card(), mastercard) });
    expect(text(html)).toContain('Test mode — no real money.');
    expect(html).toMatch(/<form[^>]*aria-label="Pay with a saved card"/);
    expect(text(html)).toContain('Your saved cards');
    const [first, second] = radios(html);
    expect(first).toContain(`value="${card().id}"`);
    expect(first).toContain('checked=""');
    expect(second).toContain(`value="${mastercard.id}"`);
    expect(second).not.toContain('checked=""');
    expect(text(html)).toContain('visa •••• 4242, expires 12/34');
    expect(text(html)).toContain('mastercard •••• 4444, expires 08/30');
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*><input[^>]*id="\1"[^>]*type="radio"/);
    expect(buttons(html)).toEqual([`Pay ${total} with this card`, 'or pay with another card']);
    expect(buttonTag(html, 'or pay with another card')).toContain('aria-expanded="false"');
    expect(idsExist(html, 'aria-controls')).toBe(true);
    expect(text(html)).not.toContain('Card number');
  });

  it('“or pay with another card” opens the typed form with “Save this card for next time”', () => {
    const html = form({ initialSavedCards: ready(card()), initialNewCardOpen: true });
    expect(buttonTag(html, 'or pay with another card')).toContain('aria-expanded="true"');
    expect(html).toMatch(/<form[^>]*aria-label="Pay by card"/);
    expect(buttons(html)).toContain(`Pay ${total}`);
    expect(html).toMatch(
      /<input id="([^"]+)" type="checkbox"[^>]*name="save-card"[^>]*\/><label for="\1">Save this card for next time<\/label>/,
    );
    expect(idsExist(html, 'aria-describedby')).toBe(true);
  });

  it('an expired card is shown but cannot be chosen; with no other card the form is open', () => {
    const html = form({ initialSavedCards: ready(expired) });
    expect(radios(html)[0]).toContain('disabled=""');
    expect(text(html)).toContain('amex •••• 0005, expired 01/24');
    expect(text(html)).toContain('Your saved cards have expired. Pay with another card below.');
    expect(buttons(html)).toEqual([`Pay ${total}`]);
    expect(html).toMatch(/<form[^>]*aria-label="Pay by card"/);
  });

  it('no saved cards: the card form at once, “Save this card” unticked unless ticked', () => {
    const html = form({ initialSavedCards: ready() });
    expect(html).not.toContain('type="radio"');
    expect(buttons(html)).toEqual([`Pay ${total}`]);
    expect(/<input[^>]*type="checkbox"[^>]*name="save-card"[^>]*>/.exec(html)?.[0]).not.toContain('checked');
    const ticked = form({ initialSavedCards: ready(), initialSaveCard: true });
    expect(/<input[^>]*type="checkbox"[^>]*name="save-card"[^>]*>/.exec(ticked)?.[0]).toContain('checked=""');
  });

  it('while the saved cards load it says so; cards that could not be read say why, and the card form stays usable', () => {
    const loading = form();
    expect(loading).toMatch(/role="status"[^>]*>Loading your saved cards…/);
    expect(loading).not.toContain('Card number');
    const failed = form({ initialSavedCards: { status: 'error', message: 'The shop could not be reached.' } });
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toContain(
      'We could not load your saved cards: The shop could not be reached. You can still pay with a card below.',
    );
    expect(buttons(failed)).toEqual(['Try again', `Pay ${total}`]);
  });

  it('a declined card still says the bank’s reason', () => {
    const html = form({ initialSavedCards: ready(card()), initialMessage: 'Your card has insufficient funds. Try another card.' });
    expect(html).toMatch(/role="alert">Your card has insufficient funds\. Try another card\./);
  });
});

describe('the card section with Stripe', () => {
  const stripe = { status: 'ready', stripe: {} as Stripe } satisfies StripeLoad;
  const form = (props: Partial<Parameters<typeof StripeCardForm>[0]> = {}) =>
    renderToStaticMarkup(
      <StripeCardForm order={awaiting} publishableKey="pk_live_51Kedai" onChanged={noop} onDeclined={noop} {...props} />,
    );

  it('says it is loading Stripe.js, and no test mode with a live key', () => {
    const html = form();
    expect(html).toMatch(/role="status"[^>]*>Loading the secure card form…/);
    expect(text(html)).not.toMatch(/test mode/i);
  });

  it('“Stripe test mode” with a test key', () => {
    expect(text(form({ publishableKey: 'pk_test_51Kedai' }))).toContain('Stripe test mode — no real money.');
  });

  it('Stripe.js that cannot load: a plain alert, with Try again', () => {
    const html = form({ initialStripe: { status: 'error' } });
    expect(html).toMatch(new RegExp(`role="alert"><p>${CARD_FORM_FAILED.replace(/\./g, '\\.')}</p>`));
    expect(buttons(html)).toEqual(['Try again']);
  });

  it('no saved cards: the Payment Element for the order’s total in Stripe’s units, cards only, “Save this card” and “Pay <total>”', () => {
    const html = form({ initialStripe: stripe, initialSavedCards: ready() });
    expect(elementsOptions(html)).toMatchObject({
      mode: 'payment',
      amount: 387255,
      currency: 'sgd',
      allowedPaymentMethodTypes: ['card'],
      setupFutureUsage: null,
    });
    expect(html).toMatch(/<form[^>]*aria-label="Pay by card"/);
    expect(html).toContain('data-payment-element=""');
    expect(text(html)).toContain('Your card details go straight to Stripe');
    expect(html).toMatch(/<label for="[^"]+">Save this card for next time<\/label>/);
    // Pay waits until Stripe's fields are ready.
    expect(buttonTag(html, `Pay ${total}`)).toContain('disabled=""');
    expect(html).toMatch(/role="status"[^>]*>Loading the card fields…/);
    expect(html).not.toContain('Card number');
    expect(idsExist(html, 'aria-describedby')).toBe(true);
  });

  it('“Save this card” ticked: Elements is told the card is kept for later (on_session)', () => {
    const html = form({ initialStripe: stripe, initialSavedCards: ready(), initialSaveCard: true });
    expect(elementsOptions(html)).toMatchObject({ setupFutureUsage: 'on_session' });
  });

  it('saved cards first, one click; the Payment Element only once “or pay with another card” is opened', () => {
    const closed = form({ initialStripe: stripe, initialSavedCards: ready(card(), mastercard) });
    expect(buttons(closed)).toEqual([`Pay ${total} with this card`, 'or pay with another card']);
    expect(closed).not.toContain('data-payment-element');
    const open = form({ initialStripe: stripe, initialSavedCards: ready(card(), mastercard), initialNewCardOpen: true });
    expect(open).toContain('data-payment-element=""');
    expect(idsExist(open, 'aria-controls')).toBe(true);
  });

  it('a decline is said in an alert, where focus goes', () => {
    const html = form({
      initialStripe: stripe,
      initialSavedCards: ready(),
      initialMessage: 'Your card has insufficient funds. Try another card.',
    });
    expect(html).toMatch(/<div tabindex="-1"[^>]*><div[^>]*role="alert">Your card has insufficient funds\. Try another card\./);
  });

  it('a total Stripe cannot charge exactly: said, no card form', () => {
    const html = form({ order: order({ total: 1234, currency: 'VND' }), initialStripe: stripe, initialSavedCards: ready() });
    expect(text(html)).toContain('This order’s total cannot be charged by card.');
    expect(html).not.toContain('data-payment-element');
  });
});

describe('the order page picks the card form by the shop’s provider', () => {
  const page = (payments: Parameters<typeof OrderView>[0]['payments']) =>
    renderToStaticMarkup(
      <OrderView
        orderId={awaiting.id}
        assetsUrl=""
        payments={payments}
        initial={{ status: 'ready', order: awaiting, dispute: null }}
        timeZone="Asia/Singapore"
      />,
    );

  it('Stripe: its card form is fetched in the browser only (a loading state here); no test gateway form', () => {
    const html = page({ provider: 'stripe', stripePublishableKey: 'pk_live_51Kedai', methods: ['card'], testMode: false });
    expect(text(html)).toContain('Loading the secure card form…');
    expect(text(html)).not.toContain('Test mode');
    expect(text(html)).not.toContain('Name on card');
  });

  it('the test gateway: its own form, said to be test mode', () => {
    const html = page({ provider: 'test', stripePublishableKey: null, methods: ['card', 'paynow'], testMode: true });
    expect(text(html)).toContain('Test mode — no real money.');
    expect(text(html)).not.toContain('secure card form');
  });
});

describe('/profile/cards', () => {
  const view = (props: Parameters<typeof SavedCardsView>[0]) => renderToStaticMarkup(<SavedCardsView now={now} {...props} />);

  it('says it is loading, or why the cards could not be read, with Try again', () => {
    expect(view({ initial: { status: 'loading' } })).toMatch(/role="status"[^>]*>Loading your saved cards…/);
    const failed = view({ initial: { status: 'error', message: 'The shop could not be reached.' } });
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toContain('We could not load your saved cards: The shop could not be reached.');
    expect(buttons(failed)).toEqual(['Try again']);
  });

  it('no saved cards: how to save one', () => {
    expect(text(view({ initial: ready() }))).toContain('No saved cards. Tick “Save this card” when you pay to pay in one click next time.');
  });

  it('each card: brand and last four, its expiry (an expired one said so), and Remove named by its card', () => {
    const html = view({ initial: ready(card(), expired) });
    expect(html).toMatch(/<h2 id="[^"]+"[^>]*>visa •••• 4242<\/h2>/);
    expect(text(html)).toContain('Expires 12/34');
    expect(text(html)).toContain('amex •••• 0005');
    expect(text(html)).toContain('Expired 01/24: pay with another card and remove this one.');
    expect(buttons(html)).toEqual(['Remove', 'Remove']);
    expect(html).toMatch(/<button id="[^"]+" type="button"[^>]*aria-describedby="[^"]+"[^>]*>Remove<\/button>/);
    expect(idsExist(html, 'aria-describedby')).toBe(true);
  });

  it('Remove asks first: “Remove it” or “Keep it”, in a named group', () => {
    const html = view({ initial: ready(card(), mastercard), initialConfirming: card().id });
    expect(html).toMatch(/role="group" aria-label="Remove visa •••• 4242\?"/);
    expect(text(html)).toContain('Remove visa •••• 4242? You can save a card again the next time you pay.');
    expect(buttons(html)).toEqual(['Remove it', 'Keep it', 'Remove']);
  });

  it('a removal is announced', () => {
    const html = view({ initial: ready(mastercard), initialNotice: { tone: 'success', text: 'visa •••• 4242 was removed.' } });
    expect(html).toMatch(/role="status">visa •••• 4242 was removed\./);
  });
});
