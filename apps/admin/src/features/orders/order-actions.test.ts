import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import { ORDER_STATUSES, nextOrderStatuses } from '@kedai/domain';
import { paidOrder } from './fixtures';
import {
  MOVE_LABELS,
  NOTHING_TO_REFUND_MESSAGE,
  ORDER_CHANGED_MESSAGE,
  REFUNDS_TO_SEND_LINK,
  canRefundPart,
  cancelBodyOf,
  handleOrderError,
  handleOrderFailure,
  moveBodyOf,
  orderActions,
  orderFailureOf,
  refundBodyOf,
  refundFailureOf,
  refundableText,
  refundedNews,
  type OrderFailure,
  type OrderNews,
} from './order-actions';

const apiError = (status: number, errorCode: string, error = '', params: unknown[] = []) =>
  new ApiError({ errorCode, error, params }, status, '/admin/order/x/status');

/** A form's failure hooks that write down what they were told, and count the reads of the order (each answering `now`). */
function recordingHooks(now: AdminOrder) {
  const told: string[] = [];
  let reads = 0;
  const hooks = {
    interrupt: (failure: OrderFailure) => told.push(`interrupt: ${failure.message}`),
    refuse: (failure: OrderFailure) => told.push(`refuse: ${failure.message}`),
    reload: () => {
      reads += 1;
      return Promise.resolve(now);
    },
  };
  return { hooks, told, reads: () => reads };
}

/** Intl puts a no-break space after a letter code ("SGD 12.50"); the tests read it as a space. */
const spaced = (news: OrderNews | string | undefined): unknown =>
  typeof news === 'string' ? news.replace(/\u00a0/g, ' ') : news && { ...news, text: news.text.replace(/\u00a0/g, ' ') };

describe('the steps offered', () => {
  it("offers only the API's next statuses, and cancelling until the order is shipped", () => {
    const offered = ORDER_STATUSES.map((status) => {
      const nextStatuses = nextOrderStatuses(status, 'staff').filter((to) => to !== 'cancelled');
      const { moves, canCancel } = orderActions({ status, nextStatuses });
      return [status, moves.map((move) => MOVE_LABELS[move]), canCancel];
    });
    expect(offered).toEqual([
      ['awaiting_payment', [], true],
      ['paid', ['Mark as processing'], true],
      ['processing', ['Mark as shipped'], true],
      ['shipped', ['Mark as delivered'], false],
      ['delivered', [], false],
      ['completed', ['Refund in full'], false],
      ['cancelled', [], false],
      ['refunded', [], false],
    ]);
  });
});

describe('the bodies sent', () => {
  it('ships with the carrier and the tracking number, trimmed, and a note when given', () => {
    expect(moveBodyOf('shipped', { carrier: ' SingPost ', trackingNumber: 'RR123456789SG ', note: ' ' })).toEqual({
      ok: true,
      body: { to: 'shipped', carrier: 'SingPost', trackingNumber: 'RR123456789SG' },
    });
    expect(moveBodyOf('processing', { carrier: 'ignored', trackingNumber: '', note: 'Packed' })).toEqual({
      ok: true,
      body: { to: 'processing', note: 'Packed' },
    });
  });

  it('asks for both shipping details, and keeps texts to their lengths', () => {
    expect(moveBodyOf('shipped', { carrier: '', trackingNumber: ' ', note: '' })).toEqual({
      ok: false,
      errors: { carrier: 'Enter the carrier, such as SingPost', trackingNumber: 'Enter the tracking number' },
    });
    expect(moveBodyOf('shipped', { carrier: 'x'.repeat(101), trackingNumber: '1', note: 'n'.repeat(501) })).toEqual({
      ok: false,
      errors: { carrier: 'The carrier must be at most 100 characters', note: 'The note must be at most 500 characters' },
    });
  });

  it('cancels only with a reason of 1 to 500 characters', () => {
    expect(cancelBodyOf('  Out of stock at the supplier ')).toEqual({ ok: true, body: { reason: 'Out of stock at the supplier' } });
    expect(cancelBodyOf(' ')).toEqual({ ok: false, error: 'Give the shopper a reason for cancelling' });
    expect(cancelBodyOf('r'.repeat(501)).ok).toBe(false);
  });
});

describe('a refused change', () => {
  it('is a change meanwhile on 409, the order gone on 404, else said beside its field', () => {
    expect(
      orderFailureOf(apiError(409, 'order/invalid_transition', 'This order cannot change from shipped to processing'), 'move'),
    ).toEqual({
      kind: 'changed',
      message: ORDER_CHANGED_MESSAGE,
      reload: true,
    });
    expect(orderFailureOf(apiError(404, 'order/not_found'), 'cancel')).toMatchObject({ kind: 'gone', reload: true });
    expect(orderFailureOf(apiError(400, 'order/invalid_shipment'), 'move')).toMatchObject({
      kind: 'refused',
      errors: { carrier: expect.any(String), trackingNumber: expect.any(String) },
    });
    expect(orderFailureOf(apiError(400, 'order/invalid_cancel_reason'), 'cancel')).toMatchObject({
      errors: { reason: expect.any(String) },
    });
    expect(orderFailureOf(apiError(400, 'order/invalid_cancel_reason'), 'move')).toMatchObject({ errors: { note: expect.any(String) } });
    expect(orderFailureOf(apiError(500, 'general/internal', 'Something went wrong'), 'move')).toEqual({
      kind: 'refused',
      message: 'Something went wrong',
      errors: {},
      reload: false,
    });
  });

  it('on a conflict, says so and reads the order again; otherwise only refuses', async () => {
    const { hooks, told, reads } = recordingHooks(paidOrder({ status: 'cancelled' }));
    await handleOrderError(apiError(409, 'order/invalid_transition'), 'move', hooks);
    await handleOrderError(apiError(400, 'order/invalid_shipment', 'Give the carrier'), 'move', hooks);
    expect(told).toEqual([`interrupt: ${ORDER_CHANGED_MESSAGE}`, 'refuse: Give the carrier']);
    expect(reads()).toBe(1);
  });
});

describe('refunding part of the payment', () => {
  const sgd = { currency: 'SGD', refundable: 13102 };
  const jpy = { currency: 'JPY', refundable: 1500 };
  const reason = 'One shirt arrived torn';
  const amountError = (amount: string, order: { currency: string; refundable: number } = sgd) => {
    const checked = refundBodyOf({ amount, reason }, order);
    return checked.ok ? null : spaced(checked.errors.amount);
  };

  it('is offered while the shop still holds some of the payment, saying how much', () => {
    expect(canRefundPart({ refundable: 1 })).toBe(true);
    expect(canRefundPart({ refundable: 0 })).toBe(false);
    expect(spaced(refundableText(sgd))).toBe('Up to SGD 131.02 can be refunded.');
  });

  it('sends the amount in exact minor units of the currency, and the reason trimmed', () => {
    expect(refundBodyOf({ amount: '12.50', reason: `  ${reason} ` }, sgd)).toEqual({ ok: true, body: { amount: 1250, reason } });
    expect(refundBodyOf({ amount: ' 0.1 ', reason }, sgd)).toEqual({ ok: true, body: { amount: 10, reason } });
    expect(refundBodyOf({ amount: '131.02', reason }, sgd)).toEqual({ ok: true, body: { amount: 13102, reason } });
    expect(refundBodyOf({ amount: '0.29', reason }, sgd)).toEqual({ ok: true, body: { amount: 29, reason } }); // not 28.999…
    expect(refundBodyOf({ amount: '1500', reason }, jpy)).toEqual({ ok: true, body: { amount: 1500, reason } });
    expect(refundBodyOf({ amount: '15.00', reason }, jpy)).toEqual({ ok: true, body: { amount: 15, reason } });
  });

  it('refuses more decimals than the currency has, and what is not an amount', () => {
    expect(amountError('12.505')).toBe('Enter an amount in SGD, such as 12.50');
    expect(amountError('15.5', jpy)).toBe('Enter an amount in JPY, such as 1500');
    expect(amountError('12,50')).toBe('Enter an amount in SGD, such as 12.50');
    expect(amountError('1e3')).toBe('Enter an amount in SGD, such as 12.50');
    expect(amountError('SGD 12')).toBe('Enter an amount in SGD, such as 12.50');
    expect(amountError('  ')).toBe('Enter an amount in SGD');
  });

  it('refuses zero, less, and more than the shop still holds', () => {
    expect(amountError('0')).toBe('The amount must be at least 0.01');
    expect(amountError('0.00')).toBe('The amount must be at least 0.01');
    expect(amountError('-5')).toBe('The amount must be at least 0.01');
    expect(amountError('0', jpy)).toBe('The amount must be at least 1');
    expect(amountError('131.03')).toBe('At most SGD 131.02 can be refunded');
    expect(amountError('1501', jpy)).toBe('At most JP¥1,500 can be refunded');
  });

  it("asks for a reason of 1 to 500 characters (the domain's rule)", () => {
    expect(refundBodyOf({ amount: '5', reason: ' ' }, sgd)).toEqual({
      ok: false,
      errors: { reason: 'Tell the shopper why part of the payment is refunded' },
    });
    expect(refundBodyOf({ amount: '5', reason: 'r'.repeat(501) }, sgd)).toEqual({
      ok: false,
      errors: { reason: 'The reason must be at most 500 characters' },
    });
    expect(refundBodyOf({ amount: '5', reason: 'r'.repeat(500) }, sgd).ok).toBe(true);
    expect(refundBodyOf({ amount: '', reason: '' }, sgd)).toEqual({
      ok: false,
      errors: { amount: 'Enter an amount in SGD', reason: 'Tell the shopper why part of the payment is refunded' },
    });
  });

  it('tells what was refunded: to the card at once, or by PayNow from Refunds to send', () => {
    expect(spaced(refundedNews({ currency: 'SGD', paymentMethod: 'card', status: 'paid' }, 1250))).toBe(
      "SGD 12.50 to refund to the card: asked of the card provider; the order's payments show when it is made. The shopper is e-mailed the reason; the order stays paid.",
    );
    expect(spaced(refundedNews({ currency: 'SGD', paymentMethod: 'paynow', status: 'completed' }, 1250))).toEqual({
      text: 'SGD 12.50 to send back by PayNow: see',
      link: { to: REFUNDS_TO_SEND_LINK, label: 'Refunds to send' },
      after: ' under Payments. The shopper is e-mailed the reason; the order stays completed.',
    });
    expect(REFUNDS_TO_SEND_LINK).toBe('/payments?view=refunds');
  });

  it("says the API's refusals beside their fields; the order read again when less is left than shown", () => {
    const sgdOrder = { currency: 'SGD' };
    const less = refundFailureOf(apiError(400, 'payment/invalid_refund_amount', 'Too much', [5000]), sgdOrder);
    expect(less).toMatchObject({ kind: 'refused', reload: false, refresh: true });
    expect(less.kind === 'refused' && spaced(less.errors.amount)).toBe('At most SGD 50.00 can be refunded now');
    expect(refundFailureOf(apiError(400, 'payment/invalid_refund_amount', '', [0]), sgdOrder)).toEqual({
      kind: 'changed',
      message: NOTHING_TO_REFUND_MESSAGE,
      reload: true,
    });
    expect(refundFailureOf(apiError(400, 'payment/invalid_reason', 'Give a reason'), sgdOrder)).toEqual({
      kind: 'refused',
      message: 'Give a reason',
      errors: { reason: 'Give a reason of 1 to 500 characters' },
      reload: false,
    });
    expect(refundFailureOf(apiError(404, 'order/not_found'), sgdOrder)).toMatchObject({ kind: 'gone', reload: true });
    expect(refundFailureOf(apiError(500, 'general/internal', 'Something went wrong'), sgdOrder)).toEqual({
      kind: 'refused',
      message: 'Something went wrong',
      errors: {},
      reload: false,
    });
  });

  it('keeps the error beside the amount and still reads the order again', async () => {
    const { hooks, told, reads } = recordingHooks(paidOrder({ refundable: 5000 }));
    await handleOrderFailure(refundFailureOf(apiError(400, 'payment/invalid_refund_amount', 'Too much', [5000]), paidOrder()), hooks);
    expect(told).toEqual(['refuse: Too much']);
    expect(reads()).toBe(1);
    await handleOrderFailure(refundFailureOf(apiError(400, 'payment/invalid_reason', 'Give a reason'), paidOrder()), hooks);
    expect(reads()).toBe(1);
  });
});
