import type { Stripe, StripeElements } from '@stripe/stripe-js';
import type { Order } from '@kedai/contract';
import type { ApiClient } from '@kedai/contract/client';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '../../store/testing';
import { order } from '../checkout/test-fixtures';
import {
  NOT_CONFIRMED_YET,
  confirmReturnedPayment,
  elementsOptions,
  isStripeReturn,
  isStripeTestKey,
  orderPageUrl,
  payWithNewCard,
  payWithSavedCard,
  waitingCardPayment,
  withoutStripeReturn,
} from './stripe-payment';

/*
 * The Stripe steps with Stripe.js and our API stood in for: every call is recorded in one list, so
 * the order of the steps is what is checked.
 */

const placed = order();
const paid = order({ status: 'paid', statusLabel: 'Paid', payBy: null });
const paymentId = 'dddddddd-0000-4000-8000-000000000001';
const savedCardId = 'eeeeeeee-0000-4000-8000-000000000001';
const returnUrl = 'https://shop.example/sg/orders/bbbbbbbb-0000-4000-8000-000000000001';
const declined = (reason: string) => Object.assign(envelope('payment/declined', 'x', [reason]), { status: 402 });

type Reply = () => Promise<unknown>;

/** Our API (`pay`, then `pay/confirm`) and Stripe.js (`elements.submit`, `confirmPayment`, `handleNextAction`), each step recorded. */
function world(replies: { pay?: Reply; confirm?: Reply; submit?: Reply; confirmPayment?: Reply; handleNextAction?: Reply }) {
  const steps: string[] = [];
  const step =
    (name: string, reply: Reply | undefined, fallback: unknown) =>
    async (..._args: unknown[]) => {
      steps.push(name);
      return reply ? reply() : fallback;
    };
  const post = vi.fn(async (path: string, _options: unknown) => {
    if (path === '/payment/stripe/card/pay') return step('pay', replies.pay, null)();
    if (path === '/order/:id/pay/confirm') return step('pay/confirm', replies.confirm, paid)();
    throw new Error(`unexpected call ${path}`);
  });
  const submit = vi.fn(step('elements.submit', replies.submit, {}));
  const confirmPayment = vi.fn(step('stripe.confirmPayment', replies.confirmPayment, { paymentIntent: { status: 'succeeded' } }));
  const handleNextAction = vi.fn(step('stripe.handleNextAction', replies.handleNextAction, { paymentIntent: { status: 'succeeded' } }));
  return {
    steps,
    post,
    submit,
    confirmPayment,
    handleNextAction,
    api: { post } as unknown as ApiClient,
    elements: { submit } as unknown as StripeElements,
    stripe: { confirmPayment, handleNextAction } as unknown as Stripe,
  };
}

const started =
  (status: string, clientSecret: string | null, answered: Order = placed) =>
  async () => ({
    order: answered,
    paymentId,
    status,
    clientSecret,
  });

describe('Elements’ options for the order', () => {
  it('the total in Stripe’s units, the currency in lower case, cards only', () => {
    expect(elementsOptions(placed, false)).toMatchObject({
      mode: 'payment',
      amount: 387255,
      currency: 'sgd',
      allowedPaymentMethodTypes: ['card'],
      setupFutureUsage: null,
    });
    // 500.00 VND in the shop's minor units is 500 at Stripe (whole dong), never the display decimals.
    expect(elementsOptions({ total: 50000, currency: 'VND' }, false)).toMatchObject({ amount: 500, currency: 'vnd' });
    expect(elementsOptions({ total: 1500, currency: 'JPY' }, false)).toMatchObject({ amount: 1500, currency: 'jpy' });
  });

  it('“Save this card” asks Stripe to keep it (on_session), as the API’s intent does; unticked, it is unset', () => {
    expect(elementsOptions(placed, true)?.setupFutureUsage).toBe('on_session');
    expect(elementsOptions(placed, false)?.setupFutureUsage).toBeNull();
  });

  it('a total Stripe cannot charge exactly gives no options', () => {
    expect(elementsOptions({ total: 1234, currency: 'VND' }, false)).toBeNull();
    expect(elementsOptions({ total: 0, currency: 'SGD' }, false)).toBeNull();
  });

  it('the shop’s look, in Stripe’s frame', () => {
    expect(elementsOptions(placed, false)?.appearance).toMatchObject({ theme: 'stripe', variables: { colorPrimary: '#0b5d4b' } });
  });
});

describe('paying with a new card in the Payment Element', () => {
  const pay = (w: ReturnType<typeof world>, saveCard = false) =>
    payWithNewCard({
      stripe: w.stripe,
      elements: w.elements,
      orderId: placed.id,
      saveCard,
      attemptKey: 'attempt-1',
      returnUrl,
      api: w.api,
    });

  it('elements.submit, then our pay call, then Stripe’s confirmPayment with the client secret, then pay/confirm: the order paid', async () => {
    const w = world({ pay: started('pending', 'pi_1_secret_2') });
    expect(await pay(w, true)).toEqual({ ok: true, order: paid, message: null });
    expect(w.steps).toEqual(['elements.submit', 'pay', 'stripe.confirmPayment', 'pay/confirm']);
    expect(w.post).toHaveBeenNthCalledWith(1, '/payment/stripe/card/pay', {
      body: { orderId: placed.id, saveCard: true },
      headers: { 'Idempotency-Key': 'attempt-1' },
    });
    expect(w.confirmPayment).toHaveBeenCalledWith({
      elements: w.elements,
      clientSecret: 'pi_1_secret_2',
      redirect: 'if_required',
      confirmParams: { return_url: returnUrl },
    });
    expect(w.post).toHaveBeenNthCalledWith(2, '/order/:id/pay/confirm', { params: { id: placed.id }, body: { paymentId } });
  });

  it('a declined card: pay/confirm is still asked, and the bank’s reason is said', async () => {
    const w = world({
      pay: started('pending', 'pi_1_secret_2'),
      confirmPayment: async () => ({ error: { type: 'card_error', code: 'card_declined', message: 'Your card has insufficient funds.' } }),
      confirm: () => Promise.reject(declined('Your card has insufficient funds.')),
    });
    expect(await pay(w)).toEqual({
      ok: false,
      stage: 'confirm',
      message: 'Your card has insufficient funds. Try another card.',
      declined: true,
      unanswered: false,
    });
    expect(w.steps).toEqual(['elements.submit', 'pay', 'stripe.confirmPayment', 'pay/confirm']);
  });

  it('a problem in the card fields stops before anything is sent', async () => {
    const w = world({ submit: async () => ({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } }) });
    expect(await pay(w)).toMatchObject({ ok: false, stage: 'form', message: 'Your card number is incomplete.', declined: false });
    expect(w.steps).toEqual(['elements.submit']);
  });

  it('our pay call refused or unanswered: Stripe is not asked to confirm', async () => {
    const w = world({ pay: () => Promise.reject(Object.assign(envelope('general/api_unreachable', 'x'), { status: 0 })) });
    expect(await pay(w)).toMatchObject({ ok: false, stage: 'pay', unanswered: true, declined: false });
    expect(w.steps).toEqual(['elements.submit', 'pay']);
  });

  it('Stripe’s own error is said when the API has not settled the payment', async () => {
    const w = world({
      pay: started('pending', 'pi_1_secret_2'),
      confirmPayment: async () => ({ error: { type: 'api_connection_error', message: 'We could not reach Stripe.' } }),
      confirm: async () => placed,
    });
    expect(await pay(w)).toEqual({ ok: true, order: placed, message: 'We could not reach Stripe.' });
  });

  it('no error, but the bank has not settled yet: the shopper is told not to pay again', async () => {
    const w = world({ pay: started('pending', 'pi_1_secret_2'), confirm: async () => placed });
    expect(await pay(w)).toEqual({ ok: true, order: placed, message: NOT_CONFIRMED_YET });
  });
});

describe('one click with a saved card on Stripe', () => {
  const pay = (w: ReturnType<typeof world>) =>
    payWithSavedCard({ stripe: w.stripe, orderId: placed.id, savedCardId, attemptKey: 'attempt-2', api: w.api });

  it('paid at once: nothing more to do', async () => {
    const w = world({ pay: started('succeeded', null, paid) });
    expect(await pay(w)).toEqual({ ok: true, order: paid, message: null });
    expect(w.steps).toEqual(['pay']);
    expect(w.post).toHaveBeenCalledWith('/payment/stripe/card/pay', {
      body: { orderId: placed.id, savedCardId },
      headers: { 'Idempotency-Key': 'attempt-2' },
    });
  });

  it('the bank asks for 3-D Secure: handleNextAction with the client secret, then pay/confirm', async () => {
    const w = world({ pay: started('requires_action', 'pi_3_secret_4') });
    expect(await pay(w)).toEqual({ ok: true, order: paid, message: null });
    expect(w.steps).toEqual(['pay', 'stripe.handleNextAction', 'pay/confirm']);
    expect(w.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_3_secret_4' });
  });

  it('3-D Secure failed: the API’s decline is said', async () => {
    const w = world({
      pay: started('requires_action', 'pi_3_secret_4'),
      handleNextAction: async () => ({
        error: { type: 'invalid_request_error', message: 'We are unable to authenticate your payment method.' },
      }),
      confirm: () => Promise.reject(declined('We are unable to authenticate your payment method.')),
    });
    expect(await pay(w)).toMatchObject({
      ok: false,
      declined: true,
      message: 'We are unable to authenticate your payment method. Try another card.',
    });
  });

  it('a declined saved card: the API answers 402 at once', async () => {
    const w = world({ pay: () => Promise.reject(declined('Your card was declined.')) });
    expect(await pay(w)).toMatchObject({ ok: false, stage: 'pay', declined: true, message: 'Your card was declined. Try another card.' });
    expect(w.steps).toEqual(['pay']);
  });
});

describe('coming back from a payment that left the page', () => {
  const waiting = (status: 'pending' | 'requires_action' | 'failed', id: string) => ({
    id,
    kind: 'charge' as const,
    status,
    amount: placed.total,
    currency: 'SGD',
    provider: 'stripe',
    methodSummary: null,
    failureCode: null,
    failureMessage: null,
    createdAt: 1_800_000_100,
  });

  it('knows Stripe’s return parameters, and drops them from the address', () => {
    const search = '?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded';
    expect(isStripeReturn(search)).toBe(true);
    expect(isStripeReturn('?page=2')).toBe(false);
    expect(withoutStripeReturn(`https://shop.example/orders/x${search}&keep=1`)).toBe('https://shop.example/orders/x?keep=1');
    expect(orderPageUrl({ origin: 'https://shop.example', pathname: '/sg/orders/x' })).toBe('https://shop.example/sg/orders/x');
  });

  it('asks the API about the order’s latest waiting card payment', async () => {
    const withPayments = order({ payments: [waiting('failed', 'p1'), waiting('pending', 'p2')] });
    expect(waitingCardPayment(withPayments)?.id).toBe('p2');
    expect(waitingCardPayment(order({ payments: [waiting('failed', 'p1')] }))).toBeNull();
    expect(waitingCardPayment({ ...withPayments, status: 'paid' })).toBeNull();
    const w = world({});
    expect(await confirmReturnedPayment(withPayments, w.api)).toEqual({ ok: true, order: paid, message: null });
    expect(w.post).toHaveBeenCalledWith('/order/:id/pay/confirm', { params: { id: withPayments.id }, body: { paymentId: 'p2' } });
    expect(await confirmReturnedPayment(placed, w.api)).toBeNull();
  });
});

it('says "Stripe test mode" only for a test key', () => {
  expect(isStripeTestKey('pk_test_51Abc')).toBe(true);
  expect(isStripeTestKey('pk_live_51Abc')).toBe(false);
  expect(isStripeTestKey(null)).toBe(false);
});
