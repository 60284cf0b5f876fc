import type { ApiClient } from '@kedai/contract/client';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '../../store/testing';
import { order } from '../checkout/test-fixtures';
import {
  cardBody,
  cardProblems,
  confirmPayment,
  parseExpiry,
  payBody,
  payOrder,
  paymentErrorMessage,
  paymentToConfirm,
  type CardForm,
} from './payment';

const now = new Date('2026-11-25T08:00:00Z');
const good: CardForm = { name: 'Ana Lim', number: '4242 4242 4242 4242', expiry: '12/29', cvc: '123' };
const withStatus = (status: number, errorCode: string, error: string, params: unknown[] = []) =>
  Object.assign(envelope(errorCode, error, params), { status });

describe('the card form', () => {
  it('reads the expiry as month and year, two or four digits', () => {
    expect(parseExpiry('08/29')).toEqual({ month: 8, year: 2029 });
    expect(parseExpiry(' 8 / 2031 ')).toEqual({ month: 8, year: 2031 });
    expect(parseExpiry('1229')).toEqual({ month: 12, year: 2029 });
    for (const bad of ['13/29', '00/29', '12', 'ab/cd', '12/293']) expect(parseExpiry(bad)).toBeNull();
  });

  it('a good card has no problems', () => {
    expect(cardProblems(good, now)).toEqual({});
    expect(cardProblems({ ...good, expiry: '11/26' }, now)).toEqual({});
  });

  it('each field says what to do', () => {
    expect(cardProblems({ name: ' ', number: '', expiry: '', cvc: '' }, now)).toEqual({
      name: 'Enter the name on the card.',
      number: 'Enter the card number.',
      expiry: 'Enter the expiry date, for example 08/29.',
      cvc: 'Enter the 3 or 4 digits of the security code.',
    });
    expect(cardProblems({ ...good, number: '4242 4242 4242 4241' }, now).number).toBe(
      'This is not a valid card number. Check it and try again.',
    );
    expect(cardProblems({ ...good, number: '4242-abc' }, now).number).toBeDefined();
    expect(cardProblems({ ...good, expiry: '10/26' }, now).expiry).toBe('This card has expired.');
    expect(cardProblems({ ...good, expiry: 'soon' }, now).expiry).toBe('Write the expiry date as month and year, for example 08/29.');
    expect(cardProblems({ ...good, expiry: '01/2099' }, now).expiry).toBe('Check the expiry year.');
    expect(cardProblems({ ...good, cvc: '12' }, now).cvc).toBeDefined();
  });

  it('sends the digits only, the month and the four-digit year', () => {
    expect(cardBody(good)).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2029, cvc: '123', name: 'Ana Lim' });
  });
});

describe('a declined card in the gateway’s words', () => {
  it('says the decline’s own reason and what to do', () => {
    expect(paymentErrorMessage(withStatus(402, 'payment/declined', 'x', ['Your card has insufficient funds.']))).toBe(
      'Your card has insufficient funds. Try another card.',
    );
    expect(paymentErrorMessage(withStatus(402, 'payment/declined', 'x', ['Your card was declined']))).toBe(
      'Your card was declined. Try another card.',
    );
  });

  it('falls back to the shopper’s sentence for the code', () => {
    expect(paymentErrorMessage(withStatus(402, 'payment/declined', 'x'))).toBe('Your card was declined. Try another card.');
    expect(paymentErrorMessage(withStatus(400, 'payment/invalid_card', 'x'))).toBe('Check the card number, expiry date and security code.');
    expect(paymentErrorMessage(withStatus(409, 'payment/not_payable', 'x'))).toBe('This order does not need paying.');
  });
});

describe('paying', () => {
  const placed = order();

  function apiAnswering(answer: () => Promise<unknown>) {
    const post = vi.fn((_path: string, _options: unknown) => answer());
    return { api: { post } as unknown as ApiClient, post };
  }

  const answer = (paid: ReturnType<typeof order>, status = 'succeeded', clientSecret: string | null = null) => ({
    order: paid,
    paymentId: 'dddddddd-0000-4000-8000-000000000001',
    status,
    clientSecret,
  });

  it('posts the order and the typed card to /payment/stripe/card/pay with the attempt’s Idempotency-Key, and answers the order', async () => {
    const paid = order({ status: 'paid', statusLabel: 'Paid', payBy: null });
    const { api, post } = apiAnswering(async () => answer(paid));
    const result = await payOrder(placed.id, { card: good, saveCard: false }, 'attempt-key-1', api);
    expect(result).toMatchObject({ ok: true, order: paid, status: 'succeeded', paymentId: 'dddddddd-0000-4000-8000-000000000001' });
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/payment/stripe/card/pay', {
      body: { orderId: placed.id, card: cardBody(good), saveCard: false },
      headers: { 'Idempotency-Key': 'attempt-key-1' },
    });
  });

  it('“Save this card” sends saveCard with the card', async () => {
    const { api, post } = apiAnswering(async () => answer(order({ status: 'paid' })));
    await payOrder(placed.id, { card: good, saveCard: true }, 'k-save', api);
    expect(post.mock.calls[0]?.[1]).toMatchObject({ body: { orderId: placed.id, card: cardBody(good), saveCard: true } });
  });

  it('a saved card pays with its savedCardId only: no card, no saveCard', async () => {
    const savedCardId = 'eeeeeeee-0000-4000-8000-000000000001';
    const { api, post } = apiAnswering(async () => answer(order(), 'requires_action'));
    const result = await payOrder(placed.id, { savedCardId }, 'k-saved', api);
    expect(result).toMatchObject({ ok: true, status: 'requires_action', clientSecret: null });
    expect(post).toHaveBeenCalledWith('/payment/stripe/card/pay', {
      body: { orderId: placed.id, savedCardId },
      headers: { 'Idempotency-Key': 'k-saved' },
    });
  });

  it('Stripe Elements: neither card nor saved card; the answer carries the client secret', async () => {
    const { api, post } = apiAnswering(async () => answer(order(), 'pending', 'pi_1_secret_2'));
    const result = await payOrder(placed.id, { elements: true, saveCard: true }, 'k-el', api);
    expect(result).toMatchObject({ ok: true, status: 'pending', clientSecret: 'pi_1_secret_2' });
    expect(payBody(placed.id, { elements: true, saveCard: true })).toEqual({ orderId: placed.id, saveCard: true });
    expect(post.mock.calls[0]?.[1]).toEqual({ body: { orderId: placed.id, saveCard: true }, headers: { 'Idempotency-Key': 'k-el' } });
  });

  it('a decline, a refusal and no answer are told apart', async () => {
    const declined = await payOrder(
      placed.id,
      { card: good },
      'k',
      apiAnswering(() => Promise.reject(withStatus(402, 'payment/declined', 'x', ['Your card has expired.']))).api,
    );
    expect(declined).toEqual({ ok: false, message: 'Your card has expired. Try another card.', declined: true, unanswered: false });
    const lost = await payOrder(
      placed.id,
      { card: good },
      'k',
      apiAnswering(() => Promise.reject(withStatus(0, 'general/api_unreachable', 'x'))).api,
    );
    expect(lost).toMatchObject({ ok: false, declined: false, unanswered: true });
    const stripeOn = await payOrder(
      placed.id,
      { card: good },
      'k',
      apiAnswering(() => Promise.reject(withStatus(400, 'payment/card_form_required', 'x'))).api,
    );
    expect(stripeOn).toMatchObject({ ok: false, declined: false, message: 'Enter your card in the secure card form.' });
  });

  it('confirms the payment the bank asked about', async () => {
    const paid = order({ status: 'paid' });
    const { api, post } = apiAnswering(async () => paid);
    expect(await confirmPayment(placed.id, 'pay-1', api)).toEqual({ ok: true, order: paid });
    expect(post).toHaveBeenCalledWith('/order/:id/pay/confirm', { params: { id: placed.id }, body: { paymentId: 'pay-1' } });
  });

  it('finds the payment waiting for the shopper’s confirmation, only while the order awaits payment', () => {
    const payment = {
      id: 'pay-2',
      kind: 'charge' as const,
      status: 'requires_action' as const,
      amount: placed.total,
      currency: 'SGD',
      provider: 'test',
      methodSummary: 'visa •••• 3155',
      failureCode: null,
      failureMessage: null,
      createdAt: 1_800_000_100,
    };
    const failed = { ...payment, id: 'pay-1', status: 'failed' as const };
    expect(paymentToConfirm(order({ payments: [failed, payment] }))?.id).toBe('pay-2');
    expect(paymentToConfirm(order({ payments: [failed] }))).toBeNull();
    expect(paymentToConfirm(order({ status: 'paid', payments: [payment] }))).toBeNull();
  });
});
