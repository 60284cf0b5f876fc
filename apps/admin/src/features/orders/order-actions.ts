/**
 * What staff do to an order (issue 16, "Staff"): move it one step along the transitions the domain
 * allows staff (`nextStatuses`: processing, shipped with a carrier and tracking number, delivered,
 * refunded), or cancel it with a reason while the shop has not shipped. The bodies of
 * `POST /admin/order/{id}/status` and `/cancel` are checked as the API checks them (1 to 100
 * characters for the carrier and the tracking number, a note or a reason of at most 500); a step
 * the order can no longer take (another member of staff, the shopper or the payment moved it
 * first) answers 409, after which the order is read again so staff see what it is now.
 *
 * Staff may also refund part of the payment (issue 17, `POST /admin/order/{id}/refund`) while the
 * shop still holds some of it (`refundable`): an amount typed in the order's currency and sent in
 * minor units (lib/money-input, the domain's exact money rules), with a reason the shopper is
 * e-mailed (the domain's `parsePaymentReason`). The order keeps its status.
 */
import type { AdminOrder } from '@kedai/contract';
import { ORDER_NOTE_MAX, PAYMENT_REASON_MAX, SHIPMENT_TEXT_MAX, canMoveOrder, isOrderStatus, parsePaymentReason } from '@kedai/domain';
import { codeOf, errorText } from '../../lib/errors';
import { handleFailure, type FailureHooks } from '../../lib/failure-hooks';
import { parseAmount } from '../../lib/money-input';
import { priceText } from '../../lib/money-text';
import type { Confirmation } from '../../ui/Confirm';
import { statusLabel } from './order-view';

const MOVES = ['processing', 'shipped', 'delivered', 'refunded'] as const;
export type Move = (typeof MOVES)[number];

/** The button of each step. */
export const MOVE_LABELS: Record<Move, string> = {
  processing: 'Mark as processing',
  shipped: 'Mark as shipped',
  delivered: 'Mark as delivered',
  refunded: 'Refund in full',
};

/** What each step means, beside its button. */
export const MOVE_HINTS: Record<Move, string> = {
  processing: 'The order is paid: tell the shopper the shop is preparing it.',
  shipped: 'The shopper is e-mailed the carrier and the tracking number.',
  delivered: 'The parcel has arrived. The shopper can still confirm receipt or ask about a dispute.',
  refunded:
    'After a dispute: the payment goes back to the shopper through the card it was paid with, and the order is marked refunded. This cannot be undone.',
};

/** The API's limits (the domain's rules). */
export const TEXT_MAX = SHIPMENT_TEXT_MAX;
export const NOTE_MAX = ORDER_NOTE_MAX;

/** The steps staff may take now, in the life of an order, and whether it may still be cancelled (not shipped yet). */
export function orderActions(order: Pick<AdminOrder, 'status' | 'nextStatuses'>): { moves: Move[]; canCancel: boolean } {
  const next = new Set<string>(order.nextStatuses);
  return {
    moves: MOVES.filter((move) => next.has(move)),
    canCancel: isOrderStatus(order.status) && canMoveOrder(order.status, 'cancelled', 'staff'),
  };
}

export interface MoveDraft {
  carrier: string;
  trackingNumber: string;
  note: string;
}

export const EMPTY_MOVE: MoveDraft = { carrier: '', trackingNumber: '', note: '' };

export type FieldErrors = Partial<Record<'carrier' | 'trackingNumber' | 'note' | 'reason' | 'amount', string>>;

/** The body of `POST /admin/order/{id}/status`. */
export interface MoveBody {
  to: Move;
  carrier?: string;
  trackingNumber?: string;
  note?: string;
}

export type MoveCheck = { ok: true; body: MoveBody } | { ok: false; errors: FieldErrors };

/** The body of one step, or what is wrong with it: shipping needs the carrier and the tracking number. */
export function moveBodyOf(to: Move, draft: MoveDraft): MoveCheck {
  const errors: FieldErrors = {};
  const body: MoveBody = { to };
  if (to === 'shipped') {
    const carrier = draft.carrier.trim();
    const trackingNumber = draft.trackingNumber.trim();
    if (carrier === '') errors.carrier = 'Enter the carrier, such as SingPost';
    else if (carrier.length > TEXT_MAX) errors.carrier = `The carrier must be at most ${TEXT_MAX} characters`;
    if (trackingNumber === '') errors.trackingNumber = 'Enter the tracking number';
    else if (trackingNumber.length > TEXT_MAX) errors.trackingNumber = `The tracking number must be at most ${TEXT_MAX} characters`;
    body.carrier = carrier;
    body.trackingNumber = trackingNumber;
  }
  const note = draft.note.trim();
  if (note.length > NOTE_MAX) errors.note = `The note must be at most ${NOTE_MAX} characters`;
  else if (note !== '') body.note = note;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}

export type CancelCheck = { ok: true; body: { reason: string } } | { ok: false; error: string };

export function cancelBodyOf(reason: string): CancelCheck {
  const text = reason.trim();
  if (text === '') return { ok: false, error: 'Give the shopper a reason for cancelling' };
  if (text.length > NOTE_MAX) return { ok: false, error: `The reason must be at most ${NOTE_MAX} characters` };
  return { ok: true, body: { reason: text } };
}

/** Whether part of the payment may be refunded now: the shop still holds some of it. */
export const canRefundPart = (order: Pick<AdminOrder, 'refundable'>): boolean => order.refundable > 0;

/** "Up to SGD 131.02 can be refunded." */
export const refundableText = (order: Pick<AdminOrder, 'refundable' | 'currency'>): string =>
  `Up to ${priceText(order.refundable, order.currency)} can be refunded.`;

/** Where a refund of the order goes, as the questions say it. */
const refundWay = (order: Pick<AdminOrder, 'paymentMethod'>): string => (order.paymentMethod === 'paynow' ? 'by PayNow' : 'to the card');

/**
 * Before cancelling (issue 30): a paid order says it refunds what the shop still holds, and where;
 * one not paid says nothing was charged.
 */
export function cancelConfirmation(
  order: Pick<AdminOrder, 'orderRef' | 'refundable' | 'currency' | 'paymentMethod' | 'payments'>,
): Confirmation {
  if (order.refundable > 0) {
    const amount = priceText(order.refundable, order.currency);
    return { question: `Cancel ${order.orderRef} and refund ${amount} ${refundWay(order)}?`, confirmLabel: `Cancel and refund ${amount}` };
  }
  const paid = order.payments.some((payment) => payment.kind === 'charge' && payment.status === 'succeeded');
  return {
    question: paid ? `Cancel ${order.orderRef}? Its payment was refunded already.` : `Cancel ${order.orderRef}? Nothing was charged.`,
    confirmLabel: `Cancel ${order.orderRef}`,
  };
}

/** Before refunding in full (a completed order after a dispute): all the shop still holds, and where it goes. */
export function refundAllConfirmation(order: Pick<AdminOrder, 'orderRef' | 'refundable' | 'currency' | 'paymentMethod'>): Confirmation {
  const money = priceText(order.refundable, order.currency);
  return { question: `Refund all ${money} of ${order.orderRef} ${refundWay(order)}?`, confirmLabel: `Refund ${money}` };
}

/** Before refunding part of the payment (issue 30): the amount, the order and where it goes. */
export function refundConfirmation(order: Pick<AdminOrder, 'orderRef' | 'currency' | 'paymentMethod'>, amount: number): Confirmation {
  const money = priceText(amount, order.currency);
  return { question: `Refund ${money} of ${order.orderRef} ${refundWay(order)}?`, confirmLabel: `Refund ${money}` };
}

export interface RefundDraft {
  /** Major units as typed: "12.50", or "1500" for a currency without decimals. */
  amount: string;
  reason: string;
}

export const EMPTY_REFUND: RefundDraft = { amount: '', reason: '' };

/** The body of `POST /admin/order/{id}/refund`: minor units of the order's currency. */
export interface RefundBody {
  amount: number;
  reason: string;
}

export type RefundCheck = { ok: true; body: RefundBody } | { ok: false; errors: FieldErrors };

/**
 * The body of a refund of part of the payment, or what is wrong with it: an amount of the order's
 * currency (at most its decimals) above zero and at most what the shop still holds, and a reason.
 */
export function refundBodyOf(draft: RefundDraft, order: Pick<AdminOrder, 'refundable' | 'currency'>): RefundCheck {
  const errors: FieldErrors = {};
  const parsed = parseAmount(draft.amount, order.currency, { required: true, min: 1 });
  const amount = parsed.ok ? parsed.value : null;
  if (!parsed.ok) errors.amount = parsed.error;
  else if (amount === null) errors.amount = `Enter an amount in ${order.currency}`;
  else if (amount > order.refundable) errors.amount = `At most ${priceText(order.refundable, order.currency)} can be refunded`;
  const reason = parsePaymentReason(draft.reason);
  if (draft.reason.trim() === '') errors.reason = 'Tell the shopper why part of the payment is refunded';
  else if (reason === null) errors.reason = `The reason must be at most ${PAYMENT_REASON_MAX} characters`;
  if (amount === null || reason === null || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: { amount, reason } };
}

export const ORDER_CHANGED_MESSAGE = 'This order changed meanwhile. Here is what it is now.';
const ORDER_GONE_MESSAGE = 'This order could not be found any more.';

/**
 * Why a step, a cancellation or a refund was not saved. A conflict (the order moved meanwhile) or an
 * order that is gone is said at the top of the page and the order read again; any other refusal is
 * said in the form, beside the field the API names (and the order is read again too when `refresh`,
 * as when less is left to refund than the page showed).
 */
export type OrderFailure =
  | { kind: 'changed' | 'gone'; message: string; reload: true }
  | { kind: 'refused'; message: string; errors: FieldErrors; reload: false; refresh?: true };

/** What every order form makes of a conflict, a missing order, or an error it has no field for. */
function commonFailureOf(error: unknown): OrderFailure {
  switch (codeOf(error)) {
    case 'order/invalid_transition':
    case 'order/version_conflict':
      return { kind: 'changed', message: ORDER_CHANGED_MESSAGE, reload: true };
    case 'order/not_found':
      return { kind: 'gone', message: ORDER_GONE_MESSAGE, reload: true };
    default:
      return { kind: 'refused', message: errorText(error), errors: {}, reload: false };
  }
}

export function orderFailureOf(error: unknown, form: 'move' | 'cancel'): OrderFailure {
  switch (codeOf(error)) {
    case 'order/invalid_shipment':
      return {
        kind: 'refused',
        message: errorText(error),
        errors: {
          carrier: `Enter the carrier, 1 to ${TEXT_MAX} characters`,
          trackingNumber: `Enter the tracking number, 1 to ${TEXT_MAX} characters`,
        },
        reload: false,
      };
    case 'order/invalid_cancel_reason':
      // The API words a bad note of a step as it words a bad reason.
      return form === 'cancel'
        ? { kind: 'refused', message: errorText(error), errors: { reason: `Give a reason of 1 to ${NOTE_MAX} characters` }, reload: false }
        : {
            kind: 'refused',
            message: errorText(error),
            errors: { note: `The note must be at most ${NOTE_MAX} characters` },
            reload: false,
          };
    default:
      return commonFailureOf(error);
  }
}

export const NOTHING_TO_REFUND_MESSAGE = 'Nothing is left to refund on this order: it was refunded meanwhile. Here is what it is now.';

/**
 * Why a refund of part of the payment was not made. The API refuses an amount above what the shop
 * still holds and names that most (`params[0]`, minor units): the form has checked against the page's
 * `refundable`, so the order was refunded meanwhile and is read again; when nothing is left, the page
 * says so at the top (the refund form goes), else the new most is said beside the amount.
 */
export function refundFailureOf(error: unknown, order: Pick<AdminOrder, 'currency'>): OrderFailure {
  switch (codeOf(error)) {
    case 'payment/invalid_refund_amount': {
      const params = (error as { params?: unknown } | null)?.params;
      const most = Array.isArray(params) ? params[0] : undefined;
      if (most === 0) return { kind: 'changed', message: NOTHING_TO_REFUND_MESSAGE, reload: true };
      const amount =
        typeof most === 'number' && Number.isSafeInteger(most) && most > 0
          ? `At most ${priceText(most, order.currency)} can be refunded now`
          : errorText(error);
      return { kind: 'refused', message: errorText(error), errors: { amount }, reload: false, refresh: true };
    }
    case 'payment/invalid_reason':
      return {
        kind: 'refused',
        message: errorText(error),
        errors: { reason: `Give a reason of 1 to ${PAYMENT_REASON_MAX} characters` },
        reload: false,
      };
    default:
      return commonFailureOf(error);
  }
}

/**
 * What the forms do with a refused change: a conflict is said at once by `interrupt` and the order is
 * read again (`reload`), so the page shows what it is now; any other refusal is said by `refuse`
 * (and the order read again when the failure asks to `refresh`).
 */
export const handleOrderFailure = (failure: OrderFailure, hooks: FailureHooks<OrderFailure>): Promise<OrderFailure> =>
  handleFailure(failure, hooks);

/** `handleOrderFailure` for a step or a cancellation. */
export const handleOrderError = (error: unknown, form: 'move' | 'cancel', hooks: FailureHooks<OrderFailure>): Promise<OrderFailure> =>
  handleOrderFailure(orderFailureOf(error, form), hooks);

/** The news after a step was saved. */
export function movedText(order: Pick<AdminOrder, 'orderRef'>, move: Move): string {
  switch (move) {
    case 'shipped':
      return `Order ${order.orderRef} is marked as shipped. The shopper is e-mailed the carrier and the tracking number.`;
    case 'refunded':
      return `Order ${order.orderRef} is refunded: the payment goes back to the shopper.`;
    default:
      return `Order ${order.orderRef} is marked as ${move}.`;
  }
}

export const cancelledText = (order: Pick<AdminOrder, 'orderRef'>): string =>
  `Order ${order.orderRef} was cancelled. The shopper is e-mailed the reason; a payment is refunded and the stock comes back.`;

/** Where staff send PayNow refunds from the shop's bank. */
export const REFUNDS_TO_SEND_LINK = '/payments?view=refunds';

/** News for the top of the order page: a sentence, or one with a link to where staff act next. */
export type OrderNews = string | { text: string; link: { to: string; label: string }; after: string };

/**
 * The news after part of the payment was refunded: at once to a card, or, for PayNow, a refund staff
 * still send from the shop's bank (Refunds to send under Payments). The order keeps its status.
 */
export function refundedNews(order: Pick<AdminOrder, 'currency' | 'paymentMethod' | 'status'>, amount: number): OrderNews {
  const money = priceText(amount, order.currency);
  const rest = `The shopper is e-mailed the reason; the order stays ${statusLabel(order.status).toLowerCase()}.`;
  if (order.paymentMethod === 'paynow') {
    return {
      text: `${money} to send back by PayNow: see`,
      link: { to: REFUNDS_TO_SEND_LINK, label: 'Refunds to send' },
      after: ` under Payments. ${rest}`,
    };
  }
  // A card refund is made after the order's change is saved: the payments list shows when the provider has made it.
  return order.paymentMethod === 'card'
    ? `${money} to refund to the card: asked of the card provider; the order's payments show when it is made. ${rest}`
    : `${money} refunded. ${rest}`;
}

/** What the "Next step" panel says when staff have no step to take now. */
export function waitingText(status: string): string {
  switch (status) {
    case 'awaiting_payment':
      return 'Waiting for the shopper to pay. An order not paid in time is cancelled by itself.';
    case 'delivered':
      return 'Waiting for the shopper to confirm receipt; the order completes by itself once the dispute window has passed.';
    case 'cancelled':
    case 'refunded':
      return 'This order is closed: there is nothing more to do.';
    default:
      return 'There is no step for staff to take now.';
  }
}
