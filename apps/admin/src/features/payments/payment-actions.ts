/**
 * What staff decide on a PayNow task (issue 17), and the bodies of `POST /admin/payment/{id}/reject`
 * and `/refunded`, checked as the API checks them (apps/api/src/modules/orders/paynow.ts): a reason
 * the shopper reads of 1 to 500 characters; a bank reference of 1 to 35 letters, digits, spaces and
 * - / . (what banks put in a PayNow reference). Each task is decided once: when another member of
 * staff decided first the API answers 409, and the list is read again to show where it stands.
 */
import type { AdminPaymentTask } from '@kedai/contract';
import { BANK_REFERENCE_MAX, PAYMENT_REASON_MAX, parseBankReference, parsePaymentReason } from '@kedai/domain';
import { codeOf, errorText } from '../../lib/errors';
import { handleFailure, type FailureHooks } from '../../lib/failure-hooks';
import { priceText } from '../../lib/money-text';
import type { Confirmation } from '../../ui/Confirm';

/** The buttons, named for what staff are sure of when they press them. */
export const CONFIRM_LABEL = "Confirm — the money is in the shop's account";
export const REJECT_LABEL = 'Reject';
export const REFUND_SENT_LABEL = 'Mark as sent';
/** A stale report (issue 27): the order is cancelled and its stock put back on sale. */
export const RELEASE_LABEL = 'Release the stock';

type Task = Pick<AdminPaymentTask, 'amount' | 'currency' | 'reference' | 'order'>;

/** Before confirming a reported transfer (issue 30): the order, the amount and the shopper's bank reference. */
export function confirmTransferConfirmation(task: Task): Confirmation {
  const amount = priceText(task.amount, task.currency);
  const reference = task.reference ? `reference ${task.reference}` : 'no reference given';
  return {
    question: `Confirm the PayNow transfer of ${amount} for ${task.order.orderRef} (${reference}) is in the shop's account?`,
    confirmLabel: `Confirm ${amount} received`,
  };
}

/** Before rejecting it: the shopper is told and may pay again. */
export function rejectTransferConfirmation(task: Task): Confirmation {
  const amount = priceText(task.amount, task.currency);
  return {
    question: `Reject the PayNow transfer of ${amount} for ${task.order.orderRef}?`,
    confirmLabel: `Reject the transfer of ${amount}`,
  };
}

/** Before releasing a stale report's stock: its order is cancelled. */
export function releaseConfirmation(task: Task): Confirmation {
  const amount = priceText(task.amount, task.currency);
  return {
    question: `Cancel ${task.order.orderRef} and release its stock? The reported transfer of ${amount} is rejected.`,
    confirmLabel: `Cancel ${task.order.orderRef}`,
  };
}

/** The body of `POST /admin/payment/{id}/reject`. */
export interface RejectionBody {
  reason: string;
}

type RejectionCheck = { ok: true; body: RejectionBody } | { ok: false; error: string };

export function rejectionBodyOf(reason: string): RejectionCheck {
  if (reason.trim() === '') return { ok: false, error: 'Tell the shopper why the transfer is rejected' };
  const text = parsePaymentReason(reason);
  if (text === null) return { ok: false, error: `The reason must be at most ${PAYMENT_REASON_MAX} characters` };
  return { ok: true, body: { reason: text } };
}

/** The body of `POST /admin/payment/{id}/refunded`. */
export interface RefundBody {
  reference: string;
}

type RefundCheck = { ok: true; body: RefundBody } | { ok: false; error: string };

export function refundBodyOf(reference: string): RefundCheck {
  const text = parseBankReference(reference);
  if (text === '') return { ok: false, error: "Enter the bank's reference of the refund you sent" };
  if (text === null) {
    const tooLong = reference.trim().length > BANK_REFERENCE_MAX;
    return {
      ok: false,
      error: tooLong
        ? `The reference must be at most ${BANK_REFERENCE_MAX} characters`
        : 'Use only letters, digits, spaces and - / . as the bank shows them',
    };
  }
  return { ok: true, body: { reference: text } };
}

export const ALREADY_DEALT_WITH_MESSAGE = 'Someone else has already dealt with this payment. Here is the list as it is now.';
const PAYMENT_GONE_MESSAGE = 'This payment could not be found any more. The list is read again.';

/**
 * Why a decision was not saved. Someone else's decision first (409 `payment/not_waiting`) or a
 * payment that is gone is said at the top of the page and the list read again; a refused reason or
 * reference is said beside its field; anything else in the row's form.
 */
export type PaymentFailure =
  | { kind: 'taken' | 'gone'; message: string; reload: true }
  | { kind: 'refused'; message: string; fieldError: string | null; reload: false };

export function paymentFailureOf(error: unknown): PaymentFailure {
  switch (codeOf(error)) {
    case 'payment/not_waiting':
      return { kind: 'taken', message: ALREADY_DEALT_WITH_MESSAGE, reload: true };
    case 'payment/not_found':
      return { kind: 'gone', message: PAYMENT_GONE_MESSAGE, reload: true };
    case 'payment/invalid_reason':
      return {
        kind: 'refused',
        message: errorText(error),
        fieldError: `Give a reason of 1 to ${PAYMENT_REASON_MAX} characters`,
        reload: false,
      };
    case 'payment/invalid_reference':
      return {
        kind: 'refused',
        message: errorText(error),
        fieldError: `Give 1 to ${BANK_REFERENCE_MAX} letters, digits, spaces and - / .`,
        reload: false,
      };
    default:
      return { kind: 'refused', message: errorText(error), fieldError: null, reload: false };
  }
}

/**
 * What the row's forms do with a refused decision: someone else's (or a gone payment) is said at
 * once by `interrupt` and the list read again (`reload`); any other refusal is said by `refuse`.
 */
export const handlePaymentError = (error: unknown, hooks: FailureHooks<PaymentFailure>): Promise<PaymentFailure> =>
  handleFailure(paymentFailureOf(error), hooks);
