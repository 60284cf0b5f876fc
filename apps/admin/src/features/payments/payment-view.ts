/**
 * How the payments page shows a PayNow task (issue 17): the shopper, the amount, the bank reference
 * and, once decided, the outcome; and the news staff read after each decision. A transfer's
 * reference is the one the shopper gave when reporting it; a refund's is the one staff gave when
 * they sent it.
 */
import type { AdminPaymentTask, AdminPaymentTaskList } from '@kedai/contract';
import { statusLabel } from '../orders/order-view';

/** The badge of a decided task, in the words of its kind. */
export function outcomeBadge(task: Pick<AdminPaymentTask, 'kind' | 'status'>): { label: string; className: string } {
  if (task.status === 'pending') return { label: task.kind === 'charge' ? 'Waiting' : 'To send', className: 'badge badge--pending' };
  if (task.status === 'failed') return { label: 'Rejected', className: 'badge badge--off' };
  return { label: task.kind === 'charge' ? 'Confirmed' : 'Sent', className: 'badge badge--on' };
}

/** What a rejected transfer's outcome says beside its badge: the reason the shopper read. (A sent refund's reference has its own column.) */
export function outcomeDetail(task: Pick<AdminPaymentTask, 'status' | 'problem'>): string | null {
  if (task.status !== 'failed') return null;
  return task.problem ? `Reason given to the shopper: ${task.problem}` : 'No reason was recorded.';
}

/** The bank reference column: the shopper's (a transfer) or staff's (a refund, once sent). */
export function bankReferenceText(task: Pick<AdminPaymentTask, 'kind' | 'status' | 'reference'>): string {
  if (task.reference) return task.reference;
  if (task.kind === 'charge') return 'none given';
  return task.status === 'pending' ? 'not sent yet' : 'none given';
}

/** "Siti Rahman" under the e-mail, when the account has a name. */
export const shopperName = (task: Pick<AdminPaymentTask, 'shopper'>): string | null => task.shopper.name.trim() || null;

/**
 * The news once a transfer is confirmed. The order is paid unless it had stopped awaiting payment
 * (cancelled meanwhile): then the money was kept and is owed back, listed among the refunds.
 */
export function confirmedText(task: Pick<AdminPaymentTask, 'order'>): string {
  const { orderRef, status } = task.order;
  if (status === 'paid') return `Order ${orderRef} is paid. The shopper is e-mailed that it is.`;
  return `The transfer for order ${orderRef} is confirmed, but the order is ${statusLabel(status).toLowerCase()}, so it was not paid by it: the money is owed back to the shopper and waits under Refunds to send.`;
}

/** The news once a transfer is rejected: only an order still awaiting payment lets the shopper pay again (and is e-mailed). */
export function rejectedText(task: Pick<AdminPaymentTask, 'order'>): string {
  const { orderRef, status } = task.order;
  if (status === 'awaiting_payment')
    return `The transfer for order ${orderRef} is rejected. The shopper is e-mailed the reason and has a fresh time to pay.`;
  return `The transfer for order ${orderRef} is rejected.`;
}

export const refundSentText = (task: Pick<AdminPaymentTask, 'order' | 'reference'>): string =>
  `The refund for order ${task.order.orderRef} is marked as sent${task.reference ? `, with the bank reference ${task.reference}` : ''}.`;

/** A page of the list once a task on it is decided: without it, so it leaves at once rather than after the list is read again. */
export function listWithout(list: AdminPaymentTaskList, id: string): AdminPaymentTaskList {
  if (!list.payments.some((task) => task.id === id)) return list;
  return { ...list, payments: list.payments.filter((task) => task.id !== id), total: Math.max(0, list.total - 1) };
}

/** How long a task has waited, in the largest whole unit: "4 days", "1 hour", "under a minute". */
export function ageText(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'}`;
  }
  return 'under a minute';
}

/**
 * What staff read of a report left waiting (issue 27): nothing while it is young; once past the days
 * owners set, that it is stale and whether the shopper has been asked to settle it (the job asks once).
 */
export function staleNotice(task: Pick<AdminPaymentTask, 'stale' | 'settleAskedAt'>): { badge: string; detail: string } | null {
  if (!task.stale) return null;
  return {
    badge: 'Stale',
    detail: task.settleAskedAt
      ? 'Asked to settle: the shopper was e-mailed for proof of the transfer. Confirm it if it arrived, or release the stock.'
      : 'Waiting too long: the shopper is about to be asked for proof of the transfer.',
  };
}

/** The news once staff release a report's order: cancelled, its stock back, the shopper told. */
export const releasedText = (task: Pick<AdminPaymentTask, 'order'>): string =>
  `Order ${task.order.orderRef} is cancelled and its stock is back on sale. The shopper is e-mailed the reason.`;
