import { describe, expect, it } from 'vitest';
import { ApiError } from '@kedai/contract/client';
import {
  ALREADY_DEALT_WITH_MESSAGE,
  handlePaymentError,
  paymentFailureOf,
  refundBodyOf,
  rejectionBodyOf,
  type PaymentFailure,
} from './payment-actions';

const apiError = (status: number, errorCode: string, error = '', params: unknown[] = []) =>
  new ApiError({ errorCode, error, params }, status, '/admin/payment/x/reject');

describe('rejecting a transfer', () => {
  it('sends the reason the shopper reads, trimmed, of 1 to 500 characters', () => {
    expect(rejectionBodyOf('  No transfer with this reference has arrived. ')).toEqual({
      ok: true,
      body: { reason: 'No transfer with this reference has arrived.' },
    });
    expect(rejectionBodyOf(' \n ')).toEqual({ ok: false, error: 'Tell the shopper why the transfer is rejected' });
    expect(rejectionBodyOf('r'.repeat(500)).ok).toBe(true);
    expect(rejectionBodyOf('r'.repeat(501))).toEqual({ ok: false, error: 'The reason must be at most 500 characters' });
  });
});

describe('marking a refund sent', () => {
  it("sends the bank's reference, trimmed: 1 to 35 letters, digits, spaces and - / .", () => {
    expect(refundBodyOf(' FAST 2026/12-01.0042 ')).toEqual({ ok: true, body: { reference: 'FAST 2026/12-01.0042' } });
    expect(refundBodyOf('r'.repeat(35)).ok).toBe(true);
  });

  it('says what is wrong with any other', () => {
    expect(refundBodyOf('  ')).toEqual({ ok: false, error: "Enter the bank's reference of the refund you sent" });
    expect(refundBodyOf('r'.repeat(36))).toEqual({ ok: false, error: 'The reference must be at most 35 characters' });
    expect(refundBodyOf('REF#42')).toEqual({ ok: false, error: 'Use only letters, digits, spaces and - / . as the bank shows them' });
    expect(refundBodyOf('Réf 42').ok).toBe(false);
  });
});

describe('a refused decision', () => {
  it("is someone else's first on 409, gone on 404, else said beside the field or in the row", () => {
    expect(paymentFailureOf(apiError(409, 'payment/not_waiting', 'This payment has already been dealt with'))).toEqual({
      kind: 'taken',
      message: ALREADY_DEALT_WITH_MESSAGE,
      reload: true,
    });
    expect(ALREADY_DEALT_WITH_MESSAGE).toMatch(/^Someone else has already dealt with this payment\./);
    expect(paymentFailureOf(apiError(404, 'payment/not_found'))).toMatchObject({ kind: 'gone', reload: true });
    expect(paymentFailureOf(apiError(400, 'payment/invalid_reason', 'Give a reason of 1 to 500 characters'))).toEqual({
      kind: 'refused',
      message: 'Give a reason of 1 to 500 characters',
      fieldError: 'Give a reason of 1 to 500 characters',
      reload: false,
    });
    expect(paymentFailureOf(apiError(400, 'payment/invalid_reference', '', [35]))).toMatchObject({
      message: 'A bank reference is up to 35 letters, digits, spaces and - / .',
      fieldError: 'Give 1 to 35 letters, digits, spaces and - / .',
    });
    expect(paymentFailureOf(apiError(500, 'general/internal', 'Something went wrong'))).toEqual({
      kind: 'refused',
      message: 'Something went wrong',
      fieldError: null,
      reload: false,
    });
  });

  it('on a 409, says so and reads the list again; otherwise only refuses', async () => {
    const told: string[] = [];
    let reads = 0;
    const hooks = {
      interrupt: (failure: PaymentFailure) => told.push(`interrupt: ${failure.message}`),
      refuse: (failure: PaymentFailure) => told.push(`refuse: ${failure.message}`),
      reload: () => {
        reads += 1;
        return Promise.reject(new Error('offline'));
      },
    };
    await handlePaymentError(apiError(409, 'payment/not_waiting'), hooks);
    await handlePaymentError(apiError(400, 'payment/invalid_reason', 'Give a reason'), hooks);
    expect(told).toEqual([`interrupt: ${ALREADY_DEALT_WITH_MESSAGE}`, 'refuse: Give a reason']);
    expect(reads).toBe(1);
  });
});
