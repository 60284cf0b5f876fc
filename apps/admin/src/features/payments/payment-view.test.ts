import { describe, expect, it } from 'vitest';
import { listOf, owedRefund, reportedTransfer } from './fixtures';
import {
  ageText,
  bankReferenceText,
  confirmedText,
  listWithout,
  outcomeBadge,
  outcomeDetail,
  refundSentText,
  rejectedText,
  releasedText,
  shopperName,
  staleNotice,
} from './payment-view';

describe('a task as the list shows it', () => {
  it("shows the shopper's bank reference of a transfer, or says none was given", () => {
    expect(bankReferenceText(reportedTransfer())).toBe('DBS 0412-7788');
    expect(bankReferenceText(reportedTransfer({ reference: null }))).toBe('none given');
    expect(bankReferenceText(owedRefund())).toBe('not sent yet');
    expect(bankReferenceText(owedRefund({ status: 'succeeded', reference: 'FAST 0042' }))).toBe('FAST 0042');
  });

  it('names the outcome in the words of its kind, a rejection with its reason', () => {
    expect(outcomeBadge(reportedTransfer({ status: 'succeeded' }))).toEqual({ label: 'Confirmed', className: 'badge badge--on' });
    expect(outcomeBadge(reportedTransfer({ status: 'failed' }))).toEqual({ label: 'Rejected', className: 'badge badge--off' });
    expect(outcomeBadge(owedRefund({ status: 'succeeded' })).label).toBe('Sent');
    expect(outcomeDetail(reportedTransfer({ status: 'failed', problem: 'Nothing arrived.' }))).toBe(
      'Reason given to the shopper: Nothing arrived.',
    );
    expect(outcomeDetail(reportedTransfer({ status: 'succeeded' }))).toBeNull();
  });

  it("gives the shopper's name when the account has one", () => {
    expect(shopperName(reportedTransfer())).toBe('Siti Rahman');
    expect(shopperName(owedRefund())).toBeNull();
  });
});

describe('the news after a decision', () => {
  it('says the order is paid once its transfer is confirmed', () => {
    const paid = reportedTransfer({ status: 'succeeded', order: { ...reportedTransfer().order, status: 'paid' } });
    expect(confirmedText(paid)).toBe('Order KD-261201-7Q4M9X is paid. The shopper is e-mailed that it is.');
  });

  it('says the money is owed back when the order was cancelled meanwhile', () => {
    const late = reportedTransfer({ status: 'succeeded', order: { ...reportedTransfer().order, status: 'cancelled' } });
    expect(confirmedText(late)).toBe(
      'The transfer for order KD-261201-7Q4M9X is confirmed, but the order is cancelled, so it was not paid by it: the money is owed back to the shopper and waits under Refunds to send.',
    );
  });

  it('says a rejected shopper may pay again, and a sent refund its reference', () => {
    expect(rejectedText(reportedTransfer({ status: 'failed' }))).toBe(
      'The transfer for order KD-261201-7Q4M9X is rejected. The shopper is e-mailed the reason and has a fresh time to pay.',
    );
    expect(rejectedText(reportedTransfer({ order: { ...reportedTransfer().order, status: 'cancelled' } }))).toBe(
      'The transfer for order KD-261201-7Q4M9X is rejected.',
    );
    expect(refundSentText(owedRefund({ status: 'succeeded', reference: 'FAST 0042' }))).toBe(
      'The refund for order KD-261130-ABCDEF is marked as sent, with the bank reference FAST 0042.',
    );
  });
});

describe('a decided row', () => {
  it('leaves its page at once, one fewer in the total', () => {
    const page = listOf([reportedTransfer(), owedRefund()], { total: 30, pages: 2 });
    expect(listWithout(page, reportedTransfer().id)).toEqual({ ...page, payments: [owedRefund()], total: 29 });
    expect(listWithout(page, 'elsewhere')).toBe(page);
  });
});

describe('a report left waiting', () => {
  it('says its age in the largest whole unit', () => {
    expect([30, 60, 7200, 86_400, 3 * 86_400 + 7000].map(ageText)).toEqual(['under a minute', '1 minute', '2 hours', '1 day', '3 days']);
  });

  it('is marked stale past the days owners set, saying whether the shopper was asked to settle it', () => {
    expect(staleNotice(reportedTransfer())).toBeNull();
    expect(staleNotice(reportedTransfer({ stale: true }))?.detail).toBe(
      'Waiting too long: the shopper is about to be asked for proof of the transfer.',
    );
    expect(staleNotice(reportedTransfer({ stale: true, settleAskedAt: 1 }))?.detail).toMatch(/^Asked to settle: /);
    expect(releasedText(reportedTransfer())).toBe(
      'Order KD-261201-7Q4M9X is cancelled and its stock is back on sale. The shopper is e-mailed the reason.',
    );
  });
});
