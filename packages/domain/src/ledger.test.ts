import { describe, expect, it } from 'vitest';
import { amountHeld, amountToRefund, type LedgerEntry } from './ledger';

const charge = (status: LedgerEntry['status'], amount = 1000): LedgerEntry => ({ kind: 'charge', status, amount });
const refund = (status: LedgerEntry['status'], amount = 1000): LedgerEntry => ({ kind: 'refund', status, amount });

describe('the ledger', () => {
  it.each([
    ['nothing yet', [], 0, 0],
    ['a declined card, then a good one', [charge('failed'), charge('succeeded')], 1000, 0],
    ['a charge waiting for 3-D Secure', [charge('requires_action')], 0, 0],
    ['a PayNow transfer the shop has not confirmed', [charge('pending')], 0, 0],
    ['paid, then refunded by the card provider', [charge('succeeded'), refund('succeeded')], 0, 0],
    ['paid by PayNow, cancelled: the refund is staff’s to make', [charge('succeeded'), refund('pending')], 1000, 1000],
    ['a partial refund', [charge('succeeded'), refund('succeeded', 250)], 750, 0],
  ])('%s', (_, entries, held, toRefund) => {
    expect(amountHeld(entries)).toBe(held);
    expect(amountToRefund(entries)).toBe(toRefund);
  });
});
