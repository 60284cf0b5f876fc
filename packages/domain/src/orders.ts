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
  inTransit: `Your parcel is on its way. If something is wrong when it arrives, open a dispute here within ${DISPUTE_WINDOW_DAYS} days of delivery; if it does not arrive, write to the shop below.`,
  open: `Open a dispute from this order's page, saying what is wrong, within ${DISPUTE_WINDOW_DAYS} days of delivery.`,
  reopened: 'The shop has allowed you to open a new dispute about this order.',
  alreadyOpen: 'A dispute about this order is open: the shop answers in the conversation below.',
  confirmed: 'You confirmed you received this order, so a dispute can no longer be opened. Write to the shop below if something is wrong.',
  closed: `Disputes can be opened up to ${DISPUTE_WINDOW_DAYS} days after delivery; that time has passed.`,
  cancelled: 'This order was cancelled, so there is nothing to dispute.',
  refunded: 'This order has already been refunded after a dispute.',
  nothingLeft: 'Everything you paid for this order has been refunded, so there is nothing left to dispute.',
} as const;

/** What the order's disputes and refunds add to the rule. */
export interface DisputeHistory {
  /** A dispute about the order is open (one at a time). */
  open: boolean;
  /** When staff last allowed a new dispute after the window or after receipt was confirmed, unless one was opened since. */
  reopenedAt: Date | null;
  /**
   * Minor units the shop still holds for the order and has not promised back (the refunds ledger's):
   * a dispute ends in a refund or nothing, so none is opened once everything paid was refunded.
   */
  refundable: number;
}

/**
 * Whether a dispute may be opened about an order now, until when, and how — the one rule the
 * `dispute_info` answer and `POST /order/{id}/disputes` both read (issue 29). Once the goods arrived
 * (staff marked the order delivered), until `disputeWindowEnd` (that instant included). Not while one
 * is open; not while in transit (the window has not started: `until` null), even if staff allowed
 * one; not once everything paid was refunded (nothing is left to give back); not after the shopper
 * confirmed receipt, nor after the window — unless staff reopened it, which gives a new window of
 * DISPUTE_WINDOW_DAYS from the reopening. Before shipping there is nothing to dispute (the shopper
 * cancels); a cancelled or refunded order has none.
 */
export function disputeInfo(status: OrderStatus, times: OrderTimes, now: Date, disputes: DisputeHistory): DisputeInfo {
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
      if (disputes.open) return { canDispute: false, until: null, how: HOW.alreadyOpen };
      const until = disputeWindowEnd(times);
      if (status === 'shipped' || until === null) return none(HOW.inTransit);
      if (disputes.refundable <= 0) return none(HOW.nothingLeft);
      const reopenedUntil = disputes.reopenedAt && new Date(disputes.reopenedAt.getTime() + DISPUTE_WINDOW_DAYS * DAY_MS);
      // Staff's allowance adds a window; it never shortens the first.
      if (reopenedUntil && now.getTime() <= reopenedUntil.getTime()) return { canDispute: true, until: reopenedUntil, how: HOW.reopened };
      if (now.getTime() > until.getTime()) return { canDispute: false, until, how: HOW.closed };
      if (status === 'completed') return { canDispute: false, until, how: HOW.confirmed };
      return { canDispute: true, until, how: HOW.open };
    }
  }
}

/**
 * Whether staff may allow a new dispute (`POST /admin/order/{id}/disputes/reopen`, and the back
 * office's offer of it): the goods arrived (delivered or completed), none is open, something is left
 * to refund, and the shopper cannot open one now because the window passed or they confirmed
 * receipt. Answers null when allowed, else why not, in words.
 */
export function whyNotReopenDispute(status: OrderStatus, times: OrderTimes, now: Date, disputes: DisputeHistory): string | null {
  if (status === 'shipped') return 'The order is on its way: the shopper can open a dispute once it is delivered.';
  if (status !== 'delivered' && status !== 'completed') return disputeInfo(status, times, now, disputes).how;
  if (disputes.open) return 'A dispute about this order is open already.';
  if (disputes.refundable <= 0) return 'Everything paid for this order has been refunded: there is nothing left to dispute.';
  // Delivered within the window (and not confirmed), the shopper can: only after it, or after receipt was confirmed, does staff's word count.
  if (disputeInfo(status, times, now, disputes).canDispute) return 'The shopper can open a dispute about this order already.';
  return null;
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
