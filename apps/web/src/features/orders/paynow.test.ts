import type { PaymentInfo } from '@kedai/contract';
import type { ApiClient } from '@kedai/contract/client';
import { formatMoney } from '@kedai/domain';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '../../store/testing';
import { order } from '../checkout/test-fixtures';
import {
  bankReferenceProblem,
  copyText,
  loadPaymentInfo,
  payNowQrLabel,
  payeeText,
  rejectedTransferText,
  reportTransfer,
  type PayNowDetails,
} from './paynow';

const placed = order({ paymentMethod: 'paynow', total: 3100 });
const withStatus = (status: number, errorCode: string, error: string, params: unknown[] = []) =>
  Object.assign(envelope(errorCode, error, params), { status });

const paynow: PayNowDetails = {
  payload: '00020101021226…6304ABCD',
  payee: { kind: 'uen', value: 'S99345678ABCD' },
  merchantName: 'Kedai Demo Shop',
  reference: placed.orderRef,
};

function apiAnswering(answer: () => Promise<unknown>) {
  const post = vi.fn((_path: string, _options: unknown) => answer());
  return { api: { post } as unknown as ApiClient, post };
}

describe('the PayNow details of an order', () => {
  it('are read with POST /order/{id}/payment_info', async () => {
    const info = { orderId: placed.id, state: 'awaiting_payment', paynow } as unknown as PaymentInfo;
    const { api, post } = apiAnswering(async () => info);
    expect(await loadPaymentInfo(placed.id, api)).toEqual({ ok: true, value: info });
    expect(post).toHaveBeenCalledWith('/order/:id/payment_info', { params: { id: placed.id } });
    const failed = await loadPaymentInfo(placed.id, apiAnswering(() => Promise.reject(withStatus(404, 'order/not_found', 'x'))).api);
    expect(failed).toEqual({ ok: false, message: 'We could not find this order.' });
  });

  it('say who is paid, and the QR code in words', () => {
    expect(payeeText({ kind: 'uen', value: 'S99345678ABCD' })).toBe('UEN S99345678ABCD');
    expect(payeeText({ kind: 'mobile', value: '+6591234567' })).toBe('Mobile number +6591234567');
    expect(payNowQrLabel({ amount: 3100, currency: 'SGD' }, paynow)).toBe(
      `PayNow QR code: pay ${formatMoney(3100, 'SGD')} to Kedai Demo Shop, reference ${placed.orderRef}`,
    );
  });

  it('tell why the shop rejected the last transfer, in its own words', () => {
    expect(rejectedTransferText('No transfer of SGD 31.00 arrived.')).toBe(
      'The shop could not confirm your last transfer: No transfer of SGD 31.00 arrived. You can pay again below.',
    );
    expect(rejectedTransferText(' Wrong amount ')).toBe(
      'The shop could not confirm your last transfer: Wrong amount. You can pay again below.',
    );
  });
});

describe('the bank reference', () => {
  it('is optional: blank is fine', () => {
    expect(bankReferenceProblem('')).toBeUndefined();
    expect(bankReferenceProblem('   ')).toBeUndefined();
  });

  it('takes up to 35 letters, digits, spaces and - / .', () => {
    expect(bankReferenceProblem('FT 2611/25-0001.A')).toBeUndefined();
    expect(bankReferenceProblem('x'.repeat(35))).toBeUndefined();
    const message = 'Check the bank reference: letters, digits, spaces and - / . only.';
    expect(bankReferenceProblem('x'.repeat(36))).toBe(message);
    expect(bankReferenceProblem('paid #1')).toBe(message);
    expect(bankReferenceProblem('Überweisung')).toBe(message);
  });
});

describe('I have paid', () => {
  it('posts the reference typed, trimmed, or nothing without one', async () => {
    const { api, post } = apiAnswering(async () => placed);
    expect(await reportTransfer(placed.id, '  FT123  ', api)).toEqual({ ok: true, order: placed });
    expect(post).toHaveBeenLastCalledWith('/order/:id/paynow_paid', { params: { id: placed.id }, body: { reference: 'FT123' } });
    await reportTransfer(placed.id, ' ', api);
    expect(post).toHaveBeenLastCalledWith('/order/:id/paynow_paid', { params: { id: placed.id }, body: {} });
  });

  it('a refusal is said in the shopper’s words; one that means the page is out of date says so', async () => {
    const refused = (error: Error) => reportTransfer(placed.id, '', apiAnswering(() => Promise.reject(error)).api);
    expect(await refused(withStatus(409, 'payment/already_reported', 'x'))).toEqual({
      ok: false,
      message: 'You have already told us you paid. The shop is checking the transfer and will confirm it soon.',
      outdated: true,
    });
    expect(await refused(withStatus(409, 'payment/not_payable', 'x'))).toMatchObject({ outdated: true });
    expect(await refused(withStatus(409, 'payment/wrong_method', 'x', ['card']))).toMatchObject({
      message: 'This order is paid another way: see the payment section of the order.',
      outdated: true,
    });
    expect(await refused(withStatus(400, 'payment/invalid_reference', 'x', [35]))).toEqual({
      ok: false,
      message: 'Check the bank reference: letters, digits, spaces and - / . only.',
      outdated: false,
    });
    expect(await refused(withStatus(0, 'general/api_unreachable', 'The shop could not be reached'))).toMatchObject({ outdated: false });
    // Two reports already wait for the shop (issue 27): this one is not out of date, the shopper waits.
    expect(await refused(withStatus(409, 'payment/too_many_reports', 'x', [2]))).toEqual({
      ok: false,
      message:
        'You already have 2 PayNow transfers waiting for the shop to check. Please wait until the shop confirms them, or contact the shop.',
      outdated: false,
    });
  });
});

describe('copying the PayNow code', () => {
  it('says whether the browser copied it', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    expect(await copyText('000201…', { writeText })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('000201…');
    expect(await copyText('000201…', { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) })).toBe(false);
    expect(await copyText('000201…', undefined)).toBe(false);
  });
});
