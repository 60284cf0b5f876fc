import { describe, expect, it } from 'vitest';
import {
  emptyPaymentsText,
  paymentQueryOf,
  paymentSearchOf,
  paymentStateFrom,
  paymentsCaption,
  paymentsCountText,
  paymentsLink,
} from './payment-params';

describe('the payments page in the address', () => {
  it('opens on the transfers waiting, and reads nonsense as the defaults', () => {
    expect(paymentStateFrom(new URLSearchParams(''))).toEqual({ view: 'transfers', status: 'pending', page: 1 });
    expect(paymentStateFrom(new URLSearchParams('view=charges&status=succeeded&page=0'))).toEqual({
      view: 'transfers',
      status: 'pending',
      page: 1,
    });
  });

  it('keeps each view to its own statuses: refunds are sent, never confirmed or rejected', () => {
    expect(paymentStateFrom(new URLSearchParams('view=refunds&status=sent&page=2'))).toEqual({ view: 'refunds', status: 'sent', page: 2 });
    expect(paymentStateFrom(new URLSearchParams('view=refunds&status=rejected')).status).toBe('pending');
    expect(paymentStateFrom(new URLSearchParams('status=sent')).status).toBe('pending');
    expect(paymentStateFrom(new URLSearchParams('status=rejected')).status).toBe('rejected');
  });

  it('round-trips a state, leaving the defaults out', () => {
    const state = { view: 'refunds', status: 'sent', page: 3 } as const;
    expect(paymentSearchOf(state).toString()).toBe('view=refunds&status=sent&page=3');
    expect(paymentStateFrom(paymentSearchOf(state))).toEqual(state);
    expect(paymentSearchOf({ view: 'transfers', status: 'pending', page: 1 }).toString()).toBe('');
    expect(paymentsLink({ view: 'transfers', status: 'pending', page: 1 })).toBe('/payments');
    expect(paymentsLink({ view: 'refunds', status: 'pending', page: 1 })).toBe('/payments?view=refunds');
  });

  it("gives the API's query: the kind and status of each view and filter, 25 a page", () => {
    expect(paymentQueryOf({ view: 'transfers', status: 'pending', page: 1 })).toEqual({
      kind: 'charge',
      status: 'pending',
      page: 1,
      limit: 25,
    });
    expect(paymentQueryOf({ view: 'transfers', status: 'confirmed', page: 2 })).toMatchObject({ kind: 'charge', status: 'succeeded' });
    expect(paymentQueryOf({ view: 'transfers', status: 'rejected', page: 1 })).toMatchObject({ kind: 'charge', status: 'failed' });
    expect(paymentQueryOf({ view: 'refunds', status: 'pending', page: 1 })).toMatchObject({ kind: 'refund', status: 'pending' });
    expect(paymentQueryOf({ view: 'refunds', status: 'sent', page: 4 })).toEqual({
      kind: 'refund',
      status: 'succeeded',
      page: 4,
      limit: 25,
    });
  });

  it('says what an empty page means', () => {
    expect(emptyPaymentsText({ view: 'transfers', status: 'pending', page: 1 })).toBe(
      'No transfers are waiting: when a shopper reports a PayNow transfer it appears here.',
    );
    expect(emptyPaymentsText({ view: 'refunds', status: 'pending', page: 1 })).toMatch(/^No refunds are waiting: /);
    expect(emptyPaymentsText({ view: 'transfers', status: 'rejected', page: 1 })).toBe('No rejected transfers yet.');
    expect(emptyPaymentsText({ view: 'refunds', status: 'sent', page: 1 })).toBe('No refunds have been sent yet.');
    expect(emptyPaymentsText({ view: 'refunds', status: 'sent', page: 3 })).toBe('There is nothing on this page any more.');
  });

  it('counts and captions the list in the words of its view', () => {
    expect(paymentsCountText({ view: 'transfers', status: 'pending', page: 1 }, 1)).toBe('1 transfer to confirm');
    expect(paymentsCountText({ view: 'refunds', status: 'pending', page: 1 }, 1200)).toBe('1,200 refunds to send');
    expect(paymentsCountText({ view: 'transfers', status: 'confirmed', page: 1 }, 12)).toBe('12 confirmed transfers');
    expect(paymentsCaption({ view: 'transfers', status: 'pending', page: 1 }, 1, 0)).toBe(
      'Transfers to confirm, oldest first, page 1 of 1',
    );
    expect(paymentsCaption({ view: 'refunds', status: 'sent', page: 2 }, 2, 3)).toBe(
      'Sent refunds, most recently decided first, page 2 of 3',
    );
  });
});
