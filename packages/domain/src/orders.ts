/**
 * Orders (issue 16, step 5): their statuses, who may move an order from one to another — one
 * table for the API, the storefront and the back office — what a shopper may still do, the
 * dispute window, and the order reference a shopper quotes.
 */
import { dateToNumber, DEFAULT_TIME_ZONE } from './dates';

export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Who makes a change: the shopper, shop staff, the payment provider's answer, or a scheduled job. */
export const ORDER_ACTORS = ['shopper', 'staff', 'payment', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * Who may move an order from one status to another. Anything not listed is refused, the same
 * status included (moving to where an order already is changes nothing and records nothing):
 *  awaiting_payment -> paid (payment), -> cancelled (shopper, staff, system: unpaid in time)
 *  paid -> processing (staff), -> cancelled (shopper, staff; the payment is given back)
 *  processing -> shipped (staff, with carrier and tracking), -> cancelled (shopper, staff: not shipped yet)
 *  shipped -> delivered (staff), -> completed (shopper: confirms receipt)
 *  delivered -> completed (shopper confirms, or system after the dispute window)
 *  completed -> refunded (staff, after a dispute)
 *  cancelled, refunded: final.
 */
const TRANSITIONS: Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActor[]>>> = {
  awaiting_payment: { paid: ['payment'], cancelled: ['shopper', 'staff', 'system'] },
  paid: { processing: ['staff'], cancelled: ['shopper', 'staff'] },
  processing: { shipped: ['staff'], cancelled: ['shopper', 'staff'] },
  shipped: { delivered: ['staff'], completed: ['shopper'] },
  delivered: { completed: ['shopper', 'system'] },
  completed: { refunded: ['staff'] },
  cancelled: {},
  refunded: {},
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The statuses `actor` may move an order to from `from`, in ORDER_STATUSES order (a back office's buttons). */
export function nextOrderStatuses(from: OrderStatus, actor: OrderActor): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canMoveOrder(from, to, actor));
}

/**
 * Whether the shopper may still cancel: until the shop has shipped (issue 16). Read from the
 * table, so the cancel button and the API never disagree.
 */
export function isShopperCancellable(status: OrderStatus): boolean {
  return canMoveOrder(status, 'cancelled', 'shopper');
}

/** Whether stock taken for the order is still held by it: all but cancelled (cancelling gives it back). */
export function holdsStock(status: OrderStatus): boolean {
  return status !== 'cancelled';
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** Days after the goods arrived during which a shopper may open a dispute. */
export const DISPUTE_WINDOW_DAYS = 14;

/** A shipment's carrier and tracking number, in characters, when staff mark an order shipped. */
export const SHIPMENT_TEXT_MAX = 100;
/** Staff's note in an order's history and the reason for cancelling it, in characters. */
export const ORDER_NOTE_MAX = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When an order reached its later statuses; null until (or unless) it did. */
export interface OrderTimes {
  shippedAt: Date | null;
  deliveredAt: Date | null;
  completedAt: Date | null;
}

export interface DisputeInfo {
  canDispute: boolean;
  /** The last instant a dispute may be opened; null while the window has not started, or when there is none. */
  until: Date | null;
  /** What the shopper can do, in a sentence. */
  how: string;
}

/**
 * The end of the dispute window: DISPUTE_WINDOW_DAYS after the goods arrived — the delivery, or,
 * when staff never marked it delivered, the shopper's confirmation of receipt. Confirming receipt
 * after delivery does not extend it (and the job that completes delivered orders at this instant
 * does not either). Null while neither has happened.
 */
export function disputeWindowEnd(times: OrderTimes): Date | null {
  const arrived = times.deliveredAt ?? times.completedAt;
  return arrived ? new Date(arrived.getTime() + DISPUTE_WINDOW_DAYS * DAY_MS) : null;
}

/**
 * Orders delivered before the instant this answers have had their whole dispute window by `now`
 * (`disputeWindowEnd` < now): the job that completes delivered orders takes those.
 */
export function deliveredBeforeWindowClosed(now: Date): Date {
  return new Date(now.getTime() - DISPUTE_WINDOW_DAYS * DAY_MS);
}

const HOW = {
  cancelInstead: 'Nothing has been shipped yet: cancel the order instead.',
  askShop: 'The shop is preparing this order: nothing has been shipped yet, so you can still cancel it.',
  open: `Open a dispute from this order's page, saying what is wrong, within ${DISPUTE_WINDOW_DAYS} days of delivery.`,
  closed: `Disputes can be opened up to ${DISPUTE_WINDOW_DAYS} days after delivery; that time has passed.`,
  cancelled: 'This order was cancelled, so there is nothing to dispute.',
  refunded: 'This order has already been refunded after a dispute.',
} as const;

/**
 * Whether a dispute may be opened about an order now, until when, and how. From shipped on: while
 * in transit the window has not started (`until` null, open); after the goods arrived, until
 * `disputeWindowEnd` (that instant included). Before shipping there is nothing to dispute — the
 * shopper cancels; a cancelled or refunded order has none.
 */
export function disputeInfo(status: OrderStatus, times: OrderTimes, now: Date): DisputeInfo {
  const none = (how: string): DisputeInfo => ({ canDispute: false, until: null, how });
  switch (status) {
    case 'awaiting_payment':
    case 'paid':
      return none(HOW.cancelInstead);
    case 'processing':
      return none(HOW.askShop);
    case 'cancelled':
      return none(HOW.cancelled);
    case 'refunded':
      return none(HOW.refunded);
    case 'shipped':
    case 'delivered':
    case 'completed': {
      const until = disputeWindowEnd(times);
      const canDispute = until === null || now.getTime() <= until.getTime();
      return { canDispute, until, how: canDispute ? HOW.open : HOW.closed };
    }
  }
}

/** Crockford's base32: digits and letters without I, L, O and U, which read as 1, 1, 0 and V (or worse). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ORDER_REF_RANDOM = 6;
const ORDER_REF = /^KD-\d{6}-[0-9A-HJKMNP-TV-Z]{6}$/;

/**
 * A reference a shopper can read out: 'KD-' + yymmdd + '-' + 6 Crockford base32 characters, e.g.
 * KD-261125-7Q4M9X. The caller passes crypto random bytes so this stays pure; the low 5 bits of
 * each of the first 6 bytes make one character (uniform, since 256 is a multiple of 32), 2^30 per
 * day, so a collision is rare and the unique index on `order_ref` makes the caller draw again.
 * The date is in `timeZone` (the shop's; UTC by default). Throws RangeError with fewer than 6 bytes.
 */
export function orderRef(date: Date, randomBytes: Uint8Array, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (randomBytes.length < ORDER_REF_RANDOM)
    throw new RangeError(`An order reference needs ${ORDER_REF_RANDOM} random bytes, got ${randomBytes.length}`);
  const yymmdd = String(dateToNumber(date, timeZone) % 1_000_000).padStart(6, '0');
  const random = Array.from(randomBytes.subarray(0, ORDER_REF_RANDOM), (byte) => CROCKFORD.charAt(byte & 31)).join('');
  return `KD-${yymmdd}-${random}`;
}

/** Whether a search term is an order reference as `orderRef` writes them (upper case). */
export function isOrderRef(value: unknown): value is string {
  return typeof value === 'string' && ORDER_REF.test(value);
}
