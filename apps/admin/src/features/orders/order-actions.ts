/**
 * What staff do to an order (issue 16, "Staff"): move it one step along the transitions the domain
 * allows staff (`nextStatuses`: processing, shipped with a carrier and tracking number, delivered,
 * refunded), or cancel it with a reason while the shop has not shipped. The bodies of
 * `POST /admin/order/{id}/status` and `/cancel` are checked as the API checks them (1 to 100
 * characters for the carrier and the tracking number, a note or a reason of at most 500); a step
 * the order can no longer take (another member of staff, the shopper or the payment moved it
 * first) answers 409, after which the order is read again so staff see what it is now.
 */
import type { AdminOrder } from '@kedai/contract';
import { canMoveOrder, isOrderStatus } from '@kedai/domain';
import { codeOf, errorText } from '../../lib/errors';

const MOVES = ['processing', 'shipped', 'delivered', 'refunded'] as const;
export type Move = (typeof MOVES)[number];

/** The button of each step. */
export const MOVE_LABELS: Record<Move, string> = {
  processing: 'Mark as processing',
  shipped: 'Mark as shipped',
  delivered: 'Mark as delivered',
  refunded: 'Refund',
};

/** What each step means, beside its button. */
export const MOVE_HINTS: Record<Move, string> = {
  processing: 'The order is paid: tell the shopper the shop is preparing it.',
  shipped: 'The shopper is e-mailed the carrier and the tracking number.',
  delivered: 'The parcel has arrived. The shopper can still confirm receipt or ask about a dispute.',
  refunded:
    'After a dispute: the payment goes back to the shopper through the card it was paid with, and the order is marked refunded. This cannot be undone.',
};

export const TEXT_MAX = 100;
export const NOTE_MAX = 500;

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

export type FieldErrors = Partial<Record<'carrier' | 'trackingNumber' | 'note' | 'reason', string>>;

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

export const ORDER_CHANGED_MESSAGE = 'This order changed meanwhile. Here is what it is now.';
const ORDER_GONE_MESSAGE = 'This order could not be found any more.';

/**
 * Why a step or a cancellation was not saved. A conflict (the order moved meanwhile) or an order
 * that is gone is said at the top of the page and the order read again; any other refusal is said
 * in the form, beside the field the API names.
 */
export type OrderFailure =
  { kind: 'changed' | 'gone'; message: string; reload: true } | { kind: 'refused'; message: string; errors: FieldErrors; reload: false };

export function orderFailureOf(error: unknown, form: 'move' | 'cancel'): OrderFailure {
  switch (codeOf(error)) {
    case 'order/invalid_transition':
    case 'order/version_conflict':
      return { kind: 'changed', message: ORDER_CHANGED_MESSAGE, reload: true };
    case 'order/not_found':
      return { kind: 'gone', message: ORDER_GONE_MESSAGE, reload: true };
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
      return { kind: 'refused', message: errorText(error), errors: {}, reload: false };
  }
}

/**
 * What the forms do with a refused step: a conflict is said at once by `interrupt` and the order is
 * read again (`reload`), so the page shows what it is now; any other refusal is said by `refuse`.
 */
export async function handleOrderError(
  error: unknown,
  form: 'move' | 'cancel',
  {
    interrupt,
    refuse,
    reload,
  }: { interrupt: (failure: OrderFailure) => void; refuse: (failure: OrderFailure) => void; reload: () => Promise<unknown> },
): Promise<OrderFailure> {
  const failure = orderFailureOf(error, form);
  if (!failure.reload) {
    refuse(failure);
    return failure;
  }
  interrupt(failure);
  try {
    await reload();
  } catch {
    // the page shows a failed load itself
  }
  return failure;
}

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
