import { describe, expect, it } from 'vitest';
import { ApiError } from '@kedai/contract/client';
import { ORDER_STATUSES, nextOrderStatuses } from '@kedai/domain';
import { paidOrder } from './fixtures';
import {
  MOVE_LABELS,
  ORDER_CHANGED_MESSAGE,
  cancelBodyOf,
  handleOrderError,
  moveBodyOf,
  orderActions,
  orderFailureOf,
  type OrderFailure,
} from './order-actions';

const apiError = (status: number, errorCode: string, error = '', params: unknown[] = []) =>
  new ApiError({ errorCode, error, params }, status, '/admin/order/x/status');

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
      ['completed', ['Refund'], false],
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
    const told: string[] = [];
    let reads = 0;
    const hooks = {
      interrupt: (failure: OrderFailure) => told.push(`interrupt: ${failure.message}`),
      refuse: (failure: OrderFailure) => told.push(`refuse: ${failure.message}`),
      reload: () => {
        reads += 1;
        return Promise.resolve(paidOrder({ status: 'cancelled' }));
      },
    };
    await handleOrderError(apiError(409, 'order/invalid_transition'), 'move', hooks);
    await handleOrderError(apiError(400, 'order/invalid_shipment', 'Give the carrier'), 'move', hooks);
    expect(told).toEqual([`interrupt: ${ORDER_CHANGED_MESSAGE}`, 'refuse: Give the carrier']);
    expect(reads).toBe(1);
  });
});
