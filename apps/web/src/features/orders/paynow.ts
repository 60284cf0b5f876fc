/**
 * Paying an order by PayNow (issue 17): the shopper scans the order's SGQR code in their banking app,
 * then reports the transfer; the shop confirms it (the order is paid) or rejects it with a reason,
 * and the shopper may pay again. The calls, the check of the bank reference typed, and what the
 * panel says — as pure functions, tested without a browser. Failures come back as outcomes holding
 * the shopper's sentence (rules: errors.md), never as throws.
 */
import type { Order, PaymentInfo } from '@kedai/contract';
import type { ApiClient } from '@kedai/contract/client';
import { errorMessageFor, parseBankReference, shopperMessage } from '@kedai/domain';
import { browserApi } from '../../lib/browser-api';
import { loaded, type Loaded } from '../account/account-actions';
import { formatAmount } from '../checkout/costs';

export type PayNowDetails = NonNullable<PaymentInfo['paynow']>;

/** `POST /order/{id}/payment_info`: what is owed, how, until when, and where the payment stands. */
export function loadPaymentInfo(id: string, api: ApiClient = browserApi): Promise<Loaded<PaymentInfo>> {
  return loaded(() => api.post('/order/:id/payment_info', { params: { id } }));
}

/** What is wrong with a bank reference as typed (the domain's rule), or undefined when it can be sent (blank included). */
export function bankReferenceProblem(reference: string): string | undefined {
  return parseBankReference(reference) === null ? shopperMessage('payment/invalid_reference') : undefined;
}

/** Refusals that mean the page is out of date: reported already, paid or cancelled meanwhile, paid another way. */
const OUTDATED = new Set(['payment/already_reported', 'payment/not_payable', 'payment/wrong_method']);

export type ReportResult = { ok: true; order: Order } | { ok: false; message: string; outdated: boolean };

/** `POST /order/{id}/paynow_paid`: "I have paid", with the bank's reference when one was typed. */
export async function reportTransfer(id: string, reference: string, api: ApiClient = browserApi): Promise<ReportResult> {
  const typed = reference.trim();
  try {
    const order = await api.post('/order/:id/paynow_paid', { params: { id }, body: typed ? { reference: typed } : {} });
    return { ok: true, order };
  } catch (error) {
    const code = typeof error === 'object' && error !== null ? (error as { errorCode?: unknown }).errorCode : undefined;
    return { ok: false, message: errorMessageFor(error), outdated: typeof code === 'string' && OUTDATED.has(code) };
  }
}

/** Who is paid, as the banking app will show it: "UEN S99345678ABCD", "Mobile number +6591234567". */
export function payeeText(payee: PayNowDetails['payee']): string {
  return `${payee.kind === 'uen' ? 'UEN' : 'Mobile number'} ${payee.value}`;
}

/** The QR code for someone who cannot see it: "PayNow QR code: pay SGD 31.00 to Kedai Demo Shop, reference KD-…". */
export function payNowQrLabel(info: Pick<PaymentInfo, 'amount' | 'currency'>, paynow: PayNowDetails): string {
  return `PayNow QR code: pay ${formatAmount(info.amount, info.currency)} to ${paynow.merchantName}, reference ${paynow.reference}`;
}

/** Why the shop rejected the last transfer reported (its own words), and that the shopper may pay again. */
export function rejectedTransferText(reason: string): string {
  return `The shop could not confirm your last transfer: ${reason.trim().replace(/\.$/, '')}. You can pay again below.`;
}

export const TRANSFER_REPORTED_TEXT = 'Thank you — the shop is checking your transfer. We will e-mail you when it is confirmed.';

/** Copies `text`; false when the browser has no clipboard or refuses (no permission, not a secure page). */
export async function copyText(
  text: string,
  clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard,
): Promise<boolean> {
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
