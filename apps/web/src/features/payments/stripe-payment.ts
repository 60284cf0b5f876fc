/**
 * Paying an order with Stripe (issue 17; decision 0019), the steps apart from the components so they
 * can be tested without a browser: Elements' options for the order (Stripe's amount units, never the
 * display decimals), the "deferred intent" payment with a new card (Elements checks the card, our API
 * makes the PaymentIntent and answers its client secret, Stripe.js confirms it, 3-D Secure included,
 * and the API then asks Stripe how it went), the one-click payment with a saved card (3-D Secure by
 * `handleNextAction` when the bank asks), and the return from a payment that left the page.
 *
 * The order is paid on Stripe's word as the API reads it, never on the browser's: whatever Stripe.js
 * answers, `POST /order/{id}/pay/confirm` has the last word.
 *
 * Only types come from `@stripe/stripe-js` here; Stripe.js itself is loaded by StripeCardForm alone.
 */
import type { Appearance, Stripe, StripeElements, StripeElementsOptionsMode, StripeError } from '@stripe/stripe-js';
import type { Order } from '@kedai/contract';
import type { ApiClient } from '@kedai/contract/client';
import { toStripeAmount } from '@kedai/domain';
import { browserApi } from '../../lib/browser-api';
import { confirmPayment, payOrder } from '../orders/payment';

/** Stripe's fields in the shop's look (globals.css: brand green, text, danger red, radii). */
const APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#0b5d4b',
    colorText: '#1b1f1e',
    colorTextSecondary: '#4a5553',
    colorDanger: '#9f1d1d',
    colorBackground: '#ffffff',
    borderRadius: '8px',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', Arial, sans-serif",
    fontSizeBase: '16px',
  },
  rules: {
    '.Input': { border: '1px solid #7a8481' },
    '.Label': { fontWeight: '600' },
  },
};

/**
 * Elements' options for paying the order with a new card: the amount in Stripe's units for the
 * currency (`toStripeAmount`), the currency in lower case, cards only (`allowedPaymentMethodTypes`,
 * Stripe.js 10's name for it, as the API's intent has `allowed_payment_method_types`), and
 * `setupFutureUsage` as the intent our API makes has it (`on_session` when the card is to be saved;
 * null, not left out, so that unticking the box after ticking it unsets it in Elements too). Null
 * when Stripe cannot charge the total exactly in its units (the API refuses those too).
 */
export function elementsOptions(order: Pick<Order, 'total' | 'currency'>, saveCard: boolean): StripeElementsOptionsMode | null {
  let amount: number;
  try {
    amount = toStripeAmount(order.total, order.currency);
  } catch {
    return null;
  }
  return {
    mode: 'payment',
    amount,
    currency: order.currency.toLowerCase(),
    allowedPaymentMethodTypes: ['card'],
    setupFutureUsage: saveCard ? 'on_session' : null,
    appearance: APPEARANCE,
  };
}

/** Whether the publishable key is one of Stripe's test mode (no real money moves). */
export function isStripeTestKey(publishableKey: string | null): boolean {
  return publishableKey?.startsWith('pk_test_') === true;
}

/** Said when the card was taken but the bank has not settled the payment yet (Stripe's `processing`). */
export const NOT_CONFIRMED_YET =
  'Your bank has not confirmed the payment yet. This page shows the order as paid once it does; you do not need to pay again.';

const CHECK_THE_CARD = 'Check the card details and try again.';

/**
 * How a Stripe payment ended for the page: the order as the API answered it after asking Stripe (with
 * what to tell the shopper when it is not paid yet), or why it stopped. `stage` says where: `form`
 * (Elements found a problem in the card fields, nothing was sent), `pay` (our API refused or did not
 * answer the attempt: the same attempt may be retried), `confirm` (after Stripe's step).
 */
export type StripePayOutcome =
  | { ok: true; order: Order; message: string | null }
  | { ok: false; stage: 'form' | 'pay' | 'confirm'; message: string; declined: boolean; unanswered: boolean };

/**
 * After the shopper's step with Stripe (Elements' confirmation, or 3-D Secure for a saved card),
 * whether it went well or not: the API asks Stripe and answers the order — paid, or 402 with the
 * bank's reason. Stripe.js's own error is said when the API has nothing better.
 */
async function afterStripeStep(
  orderId: string,
  paymentId: string,
  stripeError: StripeError | undefined,
  api: ApiClient,
): Promise<StripePayOutcome> {
  const checked = await confirmPayment(orderId, paymentId, api);
  if (!checked.ok) {
    const message = checked.declined ? checked.message : (stripeError?.message ?? checked.message);
    return { ...checked, message, stage: 'confirm' };
  }
  if (checked.order.status === 'paid') return { ok: true, order: checked.order, message: null };
  return { ok: true, order: checked.order, message: stripeError?.message ?? NOT_CONFIRMED_YET };
}

export interface NewCardPayment {
  stripe: Stripe;
  elements: StripeElements;
  orderId: string;
  saveCard: boolean;
  /** The attempt's `Idempotency-Key`. */
  attemptKey: string;
  /** Where Stripe sends the shopper back if the payment must leave the page: this order's page. */
  returnUrl: string;
  api?: ApiClient;
}

/**
 * Pays with the card typed in the Payment Element: `elements.submit()` (Stripe checks the fields),
 * `POST /payment/stripe/card/pay` without a card (the PaymentIntent, answered with its client secret),
 * `stripe.confirmPayment` (3-D Secure in Stripe's frame if the bank asks; a redirect only for methods
 * that need one), then always `POST /order/{id}/pay/confirm`.
 */
export async function payWithNewCard({
  stripe,
  elements,
  orderId,
  saveCard,
  attemptKey,
  returnUrl,
  api = browserApi,
}: NewCardPayment): Promise<StripePayOutcome> {
  const submitted = await elements.submit();
  if (submitted.error) {
    return { ok: false, stage: 'form', message: submitted.error.message ?? CHECK_THE_CARD, declined: false, unanswered: false };
  }
  const started = await payOrder(orderId, { elements: true, saveCard }, attemptKey, api);
  if (!started.ok) return { ...started, stage: 'pay' };
  if (started.status === 'succeeded') return { ok: true, order: started.order, message: null };
  if (!started.clientSecret) return afterStripeStep(orderId, started.paymentId, undefined, api);
  const confirmed = await stripe.confirmPayment({
    elements,
    clientSecret: started.clientSecret,
    redirect: 'if_required',
    confirmParams: { return_url: returnUrl },
  });
  return afterStripeStep(orderId, started.paymentId, confirmed.error, api);
}

export interface SavedCardPayment {
  stripe: Pick<Stripe, 'handleNextAction'>;
  orderId: string;
  savedCardId: string;
  attemptKey: string;
  api?: ApiClient;
}

/**
 * One click with a saved card: the API confirms the intent with the card at once; when the bank asks
 * for 3-D Secure, `stripe.handleNextAction` shows it, then `POST /order/{id}/pay/confirm`.
 */
export async function payWithSavedCard({
  stripe,
  orderId,
  savedCardId,
  attemptKey,
  api = browserApi,
}: SavedCardPayment): Promise<StripePayOutcome> {
  const started = await payOrder(orderId, { savedCardId }, attemptKey, api);
  if (!started.ok) return { ...started, stage: 'pay' };
  if (started.status === 'requires_action' && started.clientSecret) {
    const handled = await stripe.handleNextAction({ clientSecret: started.clientSecret });
    return afterStripeStep(orderId, started.paymentId, handled.error, api);
  }
  if (started.order.status === 'paid') return { ok: true, order: started.order, message: null };
  return afterStripeStep(orderId, started.paymentId, undefined, api);
}

/** The parameters Stripe adds to `return_url` when a payment that left the page comes back. */
const RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'];

/** Whether the page's query is Stripe's return from a payment that left the page (`?payment_intent=…&redirect_status=…`). */
export function isStripeReturn(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('payment_intent') && params.has('redirect_status');
}

/** The page's address without Stripe's return parameters (kept out of history, bookmarks and reloads). */
export function withoutStripeReturn(href: string): string {
  const url = new URL(href);
  for (const name of RETURN_PARAMS) url.searchParams.delete(name);
  return url.toString();
}

/** The order's card payment still waiting for the shopper's step or the bank (the latest), to ask the API about. */
export function waitingCardPayment(order: Pick<Order, 'status' | 'payments'>): Order['payments'][number] | null {
  if (order.status !== 'awaiting_payment') return null;
  return (
    [...order.payments]
      .reverse()
      .find((payment) => payment.kind === 'charge' && (payment.status === 'pending' || payment.status === 'requires_action')) ?? null
  );
}

/** `return_url`: this order's page as the browser shows it (its country prefix kept), without a query. */
export function orderPageUrl(location: Pick<Location, 'origin' | 'pathname'>): string {
  return `${location.origin}${location.pathname}`;
}

/** After a payment that left the page: the API asks Stripe about the order's waiting payment. */
export async function confirmReturnedPayment(order: Order, api: ApiClient = browserApi): Promise<StripePayOutcome | null> {
  const waiting = waitingCardPayment(order);
  if (!waiting) return null;
  return afterStripeStep(order.id, waiting.id, undefined, api);
}
