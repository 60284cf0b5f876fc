import { describe, expect, it } from 'vitest';
import { emptyOrdersText, orderQueryOf, orderSearchOf, orderStateFrom } from './order-params';

describe('the order list in the address', () => {
  it('reads the status, the search and the page, falling back to every order', () => {
    expect(orderStateFrom(new URLSearchParams('status=paid&q=%20siti%40example.com%20&page=3'))).toEqual({
      status: 'paid',
      q: 'siti@example.com',
      page: 3,
    });
    expect(orderStateFrom(new URLSearchParams('status=lost&page=-1'))).toEqual({ status: 'all', q: '', page: 1 });
    expect(orderStateFrom(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(200);
  });

  it('writes only what differs from the defaults, and reads it back', () => {
    const state = { status: 'awaiting_payment', q: 'KD-2612', page: 2 } as const;
    expect(orderSearchOf(state).toString()).toBe('status=awaiting_payment&q=KD-2612&page=2');
    expect(orderStateFrom(orderSearchOf(state))).toEqual(state);
    expect(orderSearchOf({ status: 'all', q: ' ', page: 1 }).toString()).toBe('');
  });

  it("asks the API for the state's page of 25", () => {
    expect(orderQueryOf({ status: 'shipped', q: ' tan ', page: 2 })).toEqual({ status: 'shipped', q: 'tan', page: 2, limit: 25 });
    expect(orderQueryOf({ status: 'all', q: '', page: 1 })).toEqual({ status: undefined, q: undefined, page: 1, limit: 25 });
  });

  it('says why a page is empty', () => {
    expect(emptyOrdersText({ status: 'all', q: '', page: 1 })).toBe('There are no orders yet.');
    expect(emptyOrdersText({ status: 'paid', q: '', page: 1 })).toBe('No paid orders.');
    expect(emptyOrdersText({ status: 'paid', q: 'tan', page: 1 })).toBe('No paid orders match “tan”.');
    expect(emptyOrdersText({ status: 'all', q: 'tan', page: 1 })).toBe('No orders match “tan”.');
    expect(emptyOrdersText({ status: 'all', q: '', page: 4 })).toBe('There is nothing on this page any more.');
  });
});
