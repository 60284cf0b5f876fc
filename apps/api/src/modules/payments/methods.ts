import { AppError, offeredPaymentMethods, parsePayNowSettings, type PaymentMethodName, type PaymentsSetup } from '@kedai/domain';
import type { Database } from '@kedai/db';
import { configEntries } from '../../platform/shop-config';

/**
 * The ways to pay the shop offers now (issue 27; rule: packages/domain payment-setup): cards when
 * the configuration gives a card provider, PayNow with the details an owner set (or the demo's, in
 * test mode only). Placing an order, paying it and reporting a transfer all ask here.
 */
export async function paymentMethodsOffered(db: Database, setup: PaymentsSetup): Promise<PaymentMethodName[]> {
  const entries = await configEntries(db);
  return offeredPaymentMethods(setup, parsePayNowSettings(entries.paynow));
}

const METHOD_WORDS: Record<PaymentMethodName, string> = { card: 'card', paynow: 'PayNow' };

/** 409 `payment/method_unavailable` (with the method in words) when the shop does not take `method` now. */
export async function requireMethodOffered(db: Database, setup: PaymentsSetup, method: PaymentMethodName): Promise<void> {
  if (!(await paymentMethodsOffered(db, setup)).includes(method)) throw new AppError('payment/method_unavailable', [METHOD_WORDS[method]]);
}
