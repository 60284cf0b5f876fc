import { describe, expect, it } from 'vitest';
import { emptyOrdersText, orderQueryOf, orderSearchOf, orderStateFrom } from './order-params';

describe('the order list in the address', () => {
  it('reads the status, the search and the page, falling back to every order', () => {
    expect(orderStateFrom(new URLSearchParams('status=paid&payment=transfer_reported&q=%20siti%40example.com%20&page=3'))).toEqual({
      status: 'paid',
      payment: 'transfer_reported',
      q: 'siti@example.com',
      page: 3,
    });
    expect(orderStateFrom(new URLSearchParams('status=lost&payment=cheque&page=-1'))).toEqual({
      status: 'all',
      payment: 'all',
      q: '',
      page: 1,
    });
    expect(orderStateFrom(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(200);
  });

  it('writes only what differs from the defaults, and reads it back', () => {
    const state = { status: 'awaiting_payment', payment: 'paynow', q: 'KD-2612', page: 2 } as const;
    expect(orderSearchOf(state).toString()).toBe('status=awaiting_payment&payment=paynow&q=KD-2612&page=2');
    expect(orderStateFrom(orderSearchOf(state))).toEqual(state);
    expect(orderSearchOf({ status: 'all', payment: 'all', q: ' ', page: 1 }).toString()).toBe('');
  });

  it("asks the API for the state's page of 25", () => {
    expect(orderQueryOf({ status: 'shipped', payment: 'card', q: ' tan ', page: 2 })).toEqual({
      status: 'shipped',
      payment: 'card',
      q: 'tan',
      page: 2,
      limit: 25,
    });
    expect(orderQueryOf({ status: 'all', payment: 'transfer_reported', q: '', page: 1 })).toMatchObject({
      status: undefined,
      payment: 'transfer_reported',
    });
    expect(orderQueryOf({ status: 'all', payment: 'all', q: '', page: 1 })).toEqual({
      status: undefined,
      payment: undefined,
      q: undefined,
      page: 1,
      limit: 25,
    });
  });

  it('says why a page is empty', () => {
    const all = { status: 'all', payment: 'all', q: '', page: 1 } as const;
    expect(emptyOrdersText(all)).toBe('There are no orders yet.');
    expect(emptyOrdersText({ ...all, status: 'paid' })).toBe('No paid orders.');
    expect(emptyOrdersText({ ...all, status: 'paid', q: 'tan' })).toBe('No paid orders match “tan”.');
    expect(emptyOrdersText({ ...all, q: 'tan' })).toBe('No orders match “tan”.');
    expect(emptyOrdersText({ ...all, payment: 'transfer_reported' })).toBe('No orders with a PayNow transfer reported.');
    expect(emptyOrdersText({ ...all, status: 'awaiting_payment', payment: 'card' })).toBe('No awaiting payment orders by card.');
    expect(emptyOrdersText({ ...all, page: 4 })).toBe('There is nothing on this page any more.');
  });
});
