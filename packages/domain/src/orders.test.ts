import { describe, expect, it } from 'vitest';
import {
  DISPUTE_WINDOW_DAYS,
  ORDER_ACTORS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  canMoveOrder,
  disputeInfo,
  whyNotReopenDispute,
  disputeWindowEnd,
  deliveredBeforeWindowClosed,
  holdsStock,
  isOrderRef,
  isOrderStatus,
  isShopperCancellable,
  nextOrderStatuses,
  orderRef,
  type DisputeHistory,
  type OrderActor,
  type OrderStatus,
  type OrderTimes,
} from './orders';

/** Every allowed move, written out independently of the module's table. */
const ALLOWED: [OrderStatus, OrderStatus, OrderActor][] = [
  ['awaiting_payment', 'paid', 'payment'],
  ['awaiting_payment', 'cancelled', 'shopper'],
  ['awaiting_payment', 'cancelled', 'staff'],
  ['awaiting_payment', 'cancelled', 'system'],
  ['paid', 'processing', 'staff'],
  ['paid', 'cancelled', 'shopper'],
  ['paid', 'cancelled', 'staff'],
  ['processing', 'shipped', 'staff'],
  ['processing', 'cancelled', 'staff'],
  ['processing', 'cancelled', 'shopper'],
  ['shipped', 'delivered', 'staff'],
  ['shipped', 'completed', 'shopper'],
  ['delivered', 'completed', 'shopper'],
  ['delivered', 'completed', 'system'],
  ['completed', 'refunded', 'staff'],
];

describe('canMoveOrder: allowed', () => {
  it.each(ALLOWED)('%s -> %s by %s', (from, to, actor) => {
    expect(canMoveOrder(from, to, actor)).toBe(true);
  });
});

describe('canMoveOrder: refused', () => {
  it.each<[OrderStatus, OrderStatus, OrderActor, string]>([
    ['awaiting_payment', 'paid', 'shopper', 'a shopper cannot mark their own order paid'],
    ['awaiting_payment', 'paid', 'staff', 'only the payment provider pays'],
    ['awaiting_payment', 'processing', 'staff', 'no work before payment'],
    ['awaiting_payment', 'shipped', 'staff', 'no shipping before payment'],
    ['awaiting_payment', 'cancelled', 'payment', 'a declined card leaves it awaiting payment'],
    ['paid', 'cancelled', 'system', 'a paid order is never expired'],
    ['paid', 'awaiting_payment', 'payment', 'no going back to unpaid'],
    ['paid', 'shipped', 'staff', 'processing comes first'],
    ['paid', 'refunded', 'staff', 'cancelling gives the payment back'],
    ['paid', 'processing', 'shopper', 'the shop starts work, not the shopper'],
    ['processing', 'cancelled', 'system', 'no expiry once paid'],
    ['processing', 'shipped', 'shopper', 'the shop ships'],
    ['processing', 'paid', 'staff', 'no going back'],
    ['shipped', 'cancelled', 'shopper', 'too late to cancel'],
    ['shipped', 'cancelled', 'staff', 'too late to cancel, even for staff'],
    ['shipped', 'delivered', 'shopper', 'the shopper confirms receipt (completed) instead'],
    ['shipped', 'completed', 'staff', 'only the shopper confirms receipt'],
    ['shipped', 'completed', 'system', 'the window starts at delivery'],
    ['shipped', 'refunded', 'staff', 'refunds come after completion'],
    ['delivered', 'completed', 'staff', 'staff cannot confirm for the shopper'],
    ['delivered', 'shipped', 'staff', 'no going back'],
    ['delivered', 'refunded', 'staff', 'refunds come after completion'],
    ['completed', 'refunded', 'shopper', 'a shopper disputes; staff refund'],
    ['completed', 'refunded', 'system', 'no automatic refunds'],
    ['completed', 'cancelled', 'staff', 'completed is not cancelled'],
    ['cancelled', 'awaiting_payment', 'shopper', 'cancelled is final'],
    ['cancelled', 'paid', 'payment', 'a late payment does not revive it'],
    ['cancelled', 'refunded', 'staff', 'cancelled is final'],
    ['refunded', 'completed', 'staff', 'refunded is final'],
    ['paid', 'paid', 'payment', 'the same status is no move'],
    ['shipped', 'shipped', 'staff', 'the same status is no move'],
  ])('%s -> %s by %s (%s)', (from, to, actor) => {
    expect(canMoveOrder(from, to, actor)).toBe(false);
  });

  it('refuses every move not in the allowed list', () => {
    const allowed = new Set(ALLOWED.map((move) => move.join(' ')));
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        for (const actor of ORDER_ACTORS) {
          expect(canMoveOrder(from, to, actor), `${from} -> ${to} by ${actor}`).toBe(allowed.has(`${from} ${to} ${actor}`));
        }
      }
    }
  });
});

describe('nextOrderStatuses', () => {
  it.each<[OrderStatus, OrderActor, OrderStatus[]]>([
    ['awaiting_payment', 'payment', ['paid']],
    ['awaiting_payment', 'shopper', ['cancelled']],
    ['awaiting_payment', 'system', ['cancelled']],
    ['paid', 'staff', ['processing', 'cancelled']],
    ['paid', 'shopper', ['cancelled']],
    ['processing', 'staff', ['shipped', 'cancelled']],
    ['processing', 'shopper', ['cancelled']],
    ['shipped', 'staff', ['delivered']],
    ['shipped', 'shopper', ['completed']],
    ['delivered', 'system', ['completed']],
    ['completed', 'staff', ['refunded']],
    ['cancelled', 'staff', []],
    ['refunded', 'staff', []],
  ])('from %s, %s may choose %j', (from, actor, next) => {
    expect(nextOrderStatuses(from, actor)).toEqual(next);
  });
});

describe('what a status means', () => {
  it.each<[OrderStatus, boolean, boolean, string]>([
    ['awaiting_payment', true, true, 'Awaiting payment'],
    ['paid', true, true, 'Paid'],
    ['processing', true, true, 'Processing'],
    ['shipped', false, true, 'Shipped'],
    ['delivered', false, true, 'Delivered'],
    ['completed', false, true, 'Completed'],
    ['cancelled', false, false, 'Cancelled'],
    ['refunded', false, true, 'Refunded'],
  ])('%s: shopper may cancel %s, holds stock %s, reads %j', (status, cancellable, holds, label) => {
    expect(isShopperCancellable(status)).toBe(cancellable);
    expect(holdsStock(status)).toBe(holds);
    expect(ORDER_STATUS_LABELS[status]).toBe(label);
  });

  it.each([
    ['paid', true],
    ['refunded', true],
    ['Paid', false],
    ['unpaid', false],
    [null, false],
  ])('isOrderStatus(%j) is %s', (value, expected) => {
    expect(isOrderStatus(value)).toBe(expected);
  });
});

describe('disputeInfo', () => {
  const day = 24 * 60 * 60 * 1000;
  const shippedAt = new Date('2026-11-20T02:00:00Z');
  const deliveredAt = new Date('2026-11-22T06:00:00Z');
  const windowEnd = new Date(deliveredAt.getTime() + DISPUTE_WINDOW_DAYS * day); // 2026-12-06T06:00:00Z
  const none: OrderTimes = { shippedAt: null, deliveredAt: null, completedAt: null };
  const shipped: OrderTimes = { ...none, shippedAt };
  const delivered: OrderTimes = { ...shipped, deliveredAt };
  const now = new Date('2026-11-25T00:00:00Z');
  /** An order that never had a dispute, its SGD 15.00 still held. */
  const NO_DISPUTES: DisputeHistory = { open: false, reopenedAt: null, refundable: 1500 };

  it.each<[string, OrderStatus, OrderTimes, Date, boolean, Date | null, RegExp]>([
    ['unpaid: cancel instead', 'awaiting_payment', none, now, false, null, /cancel the order instead/],
    ['paid: cancel instead', 'paid', none, now, false, null, /cancel the order instead/],
    ['processing: ask the shop', 'processing', none, now, false, null, /can still cancel it/],
    ['in transit: not yet, the window not started', 'shipped', shipped, now, false, null, /within 14 days of delivery/],
    ['delivered, within the window', 'delivered', delivered, now, true, windowEnd, /Open a dispute/],
    ['delivered, on the last instant', 'delivered', delivered, windowEnd, true, windowEnd, /Open a dispute/],
    ['delivered, a millisecond late', 'delivered', delivered, new Date(windowEnd.getTime() + 1), false, windowEnd, /has passed/],
    [
      'completed after delivery: confirming does not extend the window',
      'completed',
      { ...delivered, completedAt: new Date('2026-11-30T00:00:00Z') },
      new Date('2026-12-10T00:00:00Z'),
      false,
      windowEnd,
      /has passed/,
    ],
    [
      'receipt confirmed within the window: none (issue 29), until staff reopen',
      'completed',
      { ...shipped, completedAt: deliveredAt },
      now,
      false,
      windowEnd,
      /confirmed you received/,
    ],
    ['cancelled: none', 'cancelled', none, now, false, null, /cancelled/],
    ['refunded: none', 'refunded', delivered, now, false, null, /refunded/],
  ])('%s', (_, status, times, at, canDispute, until, how) => {
    const info = disputeInfo(status, times, at, NO_DISPUTES);
    expect(info).toMatchObject({ canDispute, until });
    expect(info.how).toMatch(how);
  });

  it('none while one is open; staff reopening gives a new window from the reopening', () => {
    const late = new Date(windowEnd.getTime() + 5 * day);
    expect(disputeInfo('delivered', delivered, now, { ...NO_DISPUTES, open: true })).toMatchObject({ canDispute: false, how: /is open/ });
    const completed = { ...delivered, completedAt: now };
    const reopenedAt = new Date(late.getTime() - day);
    const reopened = disputeInfo('completed', completed, late, { ...NO_DISPUTES, reopenedAt });
    expect(reopened).toEqual({
      canDispute: true,
      until: new Date(reopenedAt.getTime() + DISPUTE_WINDOW_DAYS * day),
      how: expect.stringMatching(/allowed/),
    });
    const after = new Date(reopenedAt.getTime() + DISPUTE_WINDOW_DAYS * day + 1);
    expect(disputeInfo('completed', completed, after, { ...NO_DISPUTES, reopenedAt }).canDispute).toBe(false);
    expect(disputeInfo('refunded', completed, late, { ...NO_DISPUTES, reopenedAt }).canDispute).toBe(false);
  });

  it('none once everything paid was refunded, a new one after a declined one inside the window still is', () => {
    const allRefunded = { ...NO_DISPUTES, refundable: 0 };
    expect(disputeInfo('delivered', delivered, now, allRefunded)).toEqual({
      canDispute: false,
      until: null,
      how: expect.stringMatching(/nothing left to dispute/),
    });
    const reopenedAt = new Date(windowEnd.getTime() + day);
    expect(disputeInfo('completed', { ...delivered, completedAt: now }, reopenedAt, { ...allRefunded, reopenedAt }).canDispute).toBe(false);
    expect(disputeInfo('delivered', delivered, now, { ...NO_DISPUTES, refundable: 1 }).canDispute).toBe(true);
  });

  it('an allowance from staff opens nothing while the parcel is on its way, and never shortens the first window', () => {
    const reopenedAt = new Date(shippedAt.getTime() + day);
    expect(disputeInfo('shipped', shipped, now, { ...NO_DISPUTES, reopenedAt })).toMatchObject({ canDispute: false, until: null });
    const afterAllowance = new Date(reopenedAt.getTime() + DISPUTE_WINDOW_DAYS * day + 1);
    expect(afterAllowance.getTime()).toBeLessThan(windowEnd.getTime());
    expect(disputeInfo('delivered', delivered, afterAllowance, { ...NO_DISPUTES, reopenedAt })).toMatchObject({
      canDispute: true,
      until: windowEnd,
    });
  });

  it('staff may reopen only for goods that arrived, after the window or once receipt was confirmed, with something left to refund', () => {
    const late = new Date(windowEnd.getTime() + 1);
    expect(whyNotReopenDispute('delivered', delivered, late, NO_DISPUTES)).toBeNull();
    expect(whyNotReopenDispute('completed', { ...delivered, completedAt: now }, now, NO_DISPUTES)).toBeNull();
    expect(whyNotReopenDispute('completed', { ...delivered, completedAt: now }, late, NO_DISPUTES)).toBeNull();
    expect(whyNotReopenDispute('shipped', shipped, now, NO_DISPUTES)).toMatch(/on its way/);
    expect(whyNotReopenDispute('shipped', shipped, late, NO_DISPUTES)).toMatch(/on its way/);
    expect(whyNotReopenDispute('delivered', delivered, late, { ...NO_DISPUTES, refundable: 0 })).toMatch(/nothing left/);
    expect(whyNotReopenDispute('processing', none, now, NO_DISPUTES)).toMatch(/preparing/);
    expect(whyNotReopenDispute('delivered', delivered, now, NO_DISPUTES)).toMatch(/can open a dispute/);
    expect(whyNotReopenDispute('delivered', delivered, late, { ...NO_DISPUTES, open: true })).toMatch(/open already/);
    expect(whyNotReopenDispute('paid', none, now, NO_DISPUTES)).toMatch(/cancel/);
    expect(whyNotReopenDispute('cancelled', none, now, NO_DISPUTES)).toMatch(/cancelled/);
  });

  it('the window ends 14 days after the goods arrived, or not yet', () => {
    expect(disputeWindowEnd(delivered)).toEqual(windowEnd);
    expect(disputeWindowEnd(shipped)).toBeNull();
  });

  it('an order delivered before deliveredBeforeWindowClosed(now) has no window left at now', () => {
    const cut = deliveredBeforeWindowClosed(windowEnd);
    expect(cut).toEqual(delivered.deliveredAt);
    const justBefore = new Date(cut.getTime() - 1);
    expect(disputeInfo('delivered', { ...delivered, deliveredAt: justBefore }, windowEnd, NO_DISPUTES).canDispute).toBe(false);
    expect(disputeInfo('delivered', { ...delivered, deliveredAt: cut }, windowEnd, NO_DISPUTES).canDispute).toBe(true);
  });
});

describe('orderRef', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);

  it.each([
    ['the example', new Date('2026-11-25T10:00:00Z'), bytes(7, 23, 4, 20, 9, 29), 'UTC', 'KD-261125-7Q4M9X'],
    [
      'only the low 5 bits count',
      new Date('2026-11-25T10:00:00Z'),
      bytes(7 + 32, 23 + 64, 4 + 128, 20 + 224, 9, 29),
      'UTC',
      'KD-261125-7Q4M9X',
    ],
    ['the whole alphabet’s ends', new Date('2030-01-05T00:00:00Z'), bytes(0, 31, 0, 31, 0, 31), 'UTC', 'KD-300105-0Z0Z0Z'],
    ['extra bytes are ignored', new Date('2030-01-05T00:00:00Z'), bytes(1, 2, 3, 4, 5, 6, 7, 8), 'UTC', 'KD-300105-123456'],
    ['the shop’s date, not UTC', new Date('2026-11-25T17:00:00Z'), bytes(1, 2, 3, 4, 5, 6), 'Asia/Singapore', 'KD-261126-123456'],
    ['a year 2000s date keeps its zeros', new Date('2007-03-09T00:00:00Z'), bytes(10, 11, 12, 13, 14, 15), 'UTC', 'KD-070309-ABCDEF'],
  ])('%s', (_, date, random, timeZone, ref) => {
    expect(orderRef(date, random, timeZone)).toBe(ref);
    expect(isOrderRef(ref)).toBe(true);
  });

  it('never uses I, L, O or U', () => {
    const refs = Array.from({ length: 32 }, (_, n) => orderRef(new Date(0), bytes(n, n, n, n, n, n)));
    expect(refs.join('')).not.toMatch(/[ILOU]/);
    expect(new Set(refs).size).toBe(32);
  });

  it('refuses fewer than 6 random bytes', () => {
    expect(() => orderRef(new Date(), bytes(1, 2, 3, 4, 5))).toThrow(RangeError);
  });

  it.each([['kd-261125-7q4m9x'], ['KD-261125-7Q4M9'], ['KD-261125-7Q4M9I'], ['KD-2611-7Q4M9X'], [' KD-261125-7Q4M9X'], [42]])(
    'isOrderRef(%j) is false',
    (value) => {
      expect(isOrderRef(value)).toBe(false);
    },
  );
});
