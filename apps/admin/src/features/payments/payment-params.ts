/**
 * The payments page's state lives in the address (`/payments?view=refunds&status=sent&page=2`), so a
 * view can be bookmarked, reloaded and left with Back; these turn it into `GET /admin/payment`'s
 * query and back. The page opens on the transfers waiting to be confirmed: what staff must act on.
 * The address says what staff read (confirmed, rejected, sent); the API's statuses stay here.
 */
import type { AdminPaymentQuery, AdminPaymentTask } from '@kedai/contract';

/** Transfers shoppers reported (the API's `charge`), or refunds staff owe by PayNow (`refund`). */
export const PAYMENT_VIEWS = ['transfers', 'refunds'] as const;
type PaymentView = (typeof PAYMENT_VIEWS)[number];

export type PaymentFilter = 'pending' | 'confirmed' | 'rejected' | 'sent';

export const PAYMENT_VIEW_LABELS: Record<PaymentView, string> = {
  transfers: 'Transfers to confirm',
  refunds: 'Refunds to send',
};

/** The statuses each view can be filtered by, first the default. A refund is never rejected: it is sent, or still owed. */
export const VIEW_FILTERS: Record<PaymentView, readonly PaymentFilter[]> = {
  transfers: ['pending', 'confirmed', 'rejected'],
  refunds: ['pending', 'sent'],
};

export const PAYMENT_FILTER_LABELS: Record<PaymentFilter, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  sent: 'Sent',
};

export interface PaymentListState {
  view: PaymentView;
  status: PaymentFilter;
  page: number;
}

const PAYMENT_PAGE_SIZE = 25;
const DEFAULTS: PaymentListState = { view: 'transfers', status: 'pending', page: 1 };

const VIEW_KINDS: Record<PaymentView, AdminPaymentTask['kind']> = { transfers: 'charge', refunds: 'refund' };
const FILTER_STATUSES: Record<PaymentFilter, AdminPaymentTask['status']> = {
  pending: 'pending',
  confirmed: 'succeeded',
  rejected: 'failed',
  sent: 'succeeded',
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function paymentStateFrom(search: URLSearchParams): PaymentListState {
  const view = oneOf(PAYMENT_VIEWS, search.get('view'), DEFAULTS.view);
  const page = Number(search.get('page'));
  return {
    view,
    // A status of the other view ("sent" among the transfers) is not one of this view's: pending.
    status: oneOf(VIEW_FILTERS[view], search.get('status'), DEFAULTS.status),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address's query for a state, without the defaults. */
export function paymentSearchOf(state: PaymentListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.view !== DEFAULTS.view) search.set('view', state.view);
  if (state.status !== DEFAULTS.status) search.set('status', state.status);
  if (state.page !== 1) search.set('page', String(state.page));
  return search;
}

/** The page's address for a state: a view's tab leads to its first page of pending payments. */
export const paymentsLink = (state: PaymentListState): string => {
  const search = paymentSearchOf(state).toString();
  return search ? `/payments?${search}` : '/payments';
};

/** `GET /admin/payment`'s query for a state (pending ones oldest first, decided ones newest first). */
export function paymentQueryOf(state: PaymentListState): Required<AdminPaymentQuery> {
  return { kind: VIEW_KINDS[state.view], status: FILTER_STATUSES[state.status], page: state.page, limit: PAYMENT_PAGE_SIZE };
}

/** `GET /admin/payment`'s query for the count of transfers waiting, shown in the navigation. */
export const PENDING_TRANSFERS_QUERY = { kind: 'charge', status: 'pending', page: 1, limit: 1 } as const;

/** What the list says when a page has no payments. */
export function emptyPaymentsText(state: PaymentListState): string {
  if (state.page > 1) return 'There is nothing on this page any more.';
  switch (`${state.view}:${state.status}`) {
    case 'transfers:pending':
      return 'No transfers are waiting: when a shopper reports a PayNow transfer it appears here.';
    case 'refunds:pending':
      return 'No refunds are waiting: when a PayNow order that was paid is cancelled or refunded, the money to send back appears here.';
    case 'refunds:sent':
      return 'No refunds have been sent yet.';
    default:
      return `No ${PAYMENT_FILTER_LABELS[state.status].toLowerCase()} transfers yet.`;
  }
}

/** The table's caption: which payments, in what order, and which page. */
export function paymentsCaption(state: PaymentListState, page: number, pages: number): string {
  const which =
    state.status === 'pending'
      ? `${PAYMENT_VIEW_LABELS[state.view]}, oldest first`
      : `${PAYMENT_FILTER_LABELS[state.status]} ${state.view}, most recently decided first`;
  return `${which}, page ${page} of ${Math.max(pages, 1)}`;
}

/** The line above the table: "3 transfers to confirm", "1 refund to send", "12 confirmed transfers". */
export function paymentsCountText(state: PaymentListState, total: number): string {
  const n = total.toLocaleString('en-GB');
  const noun = `${state.view === 'transfers' ? 'transfer' : 'refund'}${total === 1 ? '' : 's'}`;
  if (state.status === 'pending') return `${n} ${noun} ${state.view === 'transfers' ? 'to confirm' : 'to send'}`;
  return `${n} ${PAYMENT_FILTER_LABELS[state.status].toLowerCase()} ${noun}`;
}
