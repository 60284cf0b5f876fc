/**
 * Disputes on the back office's order page (issue 29): the reads, and what staff type checked as the
 * API checks it — a refund of at most what the shop still holds (minor units of the order's
 * currency, through the refunds ledger), an optional note; a decline needs a reason (1 to 500).
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminDisputeList, AdminOrder, Dispute } from '@kedai/contract';
import { DISPUTE_REASONS, PAYMENT_REASON_MAX, isDisputeReason, parsePaymentReason } from '@kedai/domain';
import { api } from '../../lib/api';
import { amountText, parseAmount } from '../../lib/money-input';
import { priceText } from '../../lib/money-text';

export const disputesKey = (orderId: string) => ['order-disputes', orderId] as const;

export const useDisputes = (orderId: string) =>
  useQuery({
    queryKey: disputesKey(orderId),
    queryFn: ({ signal }) => api.get('/admin/order/:id/disputes', { params: { id: orderId }, signal }),
  });

export const DISPUTE_STATUS_LABELS: Record<Dispute['status'], string> = {
  open: 'Open',
  refunded: 'Refunded',
  declined: 'Declined',
};

export const DISPUTE_BADGES: Record<Dispute['status'], string> = {
  open: 'badge badge--pending',
  refunded: 'badge badge--on',
  declined: 'badge badge--off',
};

export function reasonLabel(reason: string): string {
  return isDisputeReason(reason) ? DISPUTE_REASONS[reason] : reason;
}

export interface ResolveDraft {
  /** Major units as typed. */
  amount: string;
  note: string;
  reason: string;
}

/** The refund's amount starts at what the shop still holds for the order. */
export function emptyResolveDraft(order: Pick<AdminOrder, 'refundable' | 'currency'>): ResolveDraft {
  return { amount: amountText(order.refundable > 0 ? order.refundable : null, order.currency), note: '', reason: '' };
}

export type ResolveBody = { outcome: 'refund'; amount: number; note?: string } | { outcome: 'decline'; reason: string };
export type ResolveErrors = Partial<Record<'amount' | 'note' | 'reason', string>>;
export type ResolveCheck = { ok: true; body: ResolveBody } | { ok: false; errors: ResolveErrors };

export function refundBodyOf(draft: ResolveDraft, order: Pick<AdminOrder, 'refundable' | 'currency'>): ResolveCheck {
  const errors: ResolveErrors = {};
  const parsed = parseAmount(draft.amount, order.currency, { required: true, min: 1 });
  const amount = parsed.ok ? parsed.value : null;
  if (!parsed.ok) errors.amount = parsed.error;
  else if (amount === null) errors.amount = `Enter an amount in ${order.currency}`;
  else if (amount > order.refundable) errors.amount = `At most ${priceText(order.refundable, order.currency)} can be refunded`;
  const note = draft.note.trim() === '' ? undefined : parsePaymentReason(draft.note);
  if (note === null) errors.note = `The note must be at most ${PAYMENT_REASON_MAX} characters`;
  if (amount === null || note === null || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: note === undefined ? { outcome: 'refund', amount } : { outcome: 'refund', amount, note } };
}

export function declineBodyOf(draft: ResolveDraft): ResolveCheck {
  const reason = parsePaymentReason(draft.reason);
  if (draft.reason.trim() === '') return { ok: false, errors: { reason: 'Tell the shopper why the dispute is declined' } };
  if (reason === null) return { ok: false, errors: { reason: `The reason must be at most ${PAYMENT_REASON_MAX} characters` } };
  return { ok: true, body: { outcome: 'decline', reason } };
}

/** What staff are told once a dispute is resolved. */
export function resolvedNews(dispute: Dispute, currency: string): string {
  return dispute.status === 'refunded' && dispute.refundAmount !== null
    ? `The dispute is resolved: ${priceText(dispute.refundAmount, currency)} is being refunded, and the shopper is told in the conversation.`
    : 'The dispute is declined; the shopper reads your reason in the conversation.';
}

/**
 * Whether to offer "Allow a new dispute": the API answers it with the list, by the domain's rule
 * (`whyNotReopenDispute`: goods arrived, none open, something left to refund, and the window passed
 * or receipt was confirmed), so the offer and the reopening never disagree.
 */
export function mayReopen(list: Pick<AdminDisputeList, 'whyNotReopen'> | undefined): boolean {
  return list?.whyNotReopen === null;
}
