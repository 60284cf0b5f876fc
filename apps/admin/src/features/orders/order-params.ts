/**
 * The order list's state lives in the address (`/orders?status=paid&payment=paynow&q=siti&page=2`), so a filtered
 * list can be bookmarked, reloaded and left with Back; these turn it into `GET /admin/order`'s query
 * and back. The list opens on every order, newest first.
 */
import { ORDER_STATUS_LABELS, ORDER_STATUSES, TRANSFER_REPORTED_STAFF_LABEL, type OrderStatus } from '@kedai/domain';

export const ORDER_FILTERS = ['all', ...ORDER_STATUSES] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export const ORDER_FILTER_LABELS: Record<OrderFilter, string> = { all: 'All', ...ORDER_STATUS_LABELS };

/** By how the order is paid; `transfer_reported`: a PayNow transfer the shopper reported, waiting for staff. */
export const PAYMENT_FILTERS = ['all', 'card', 'paynow', 'transfer_reported'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

export const PAYMENT_FILTER_LABELS: Record<PaymentFilter, string> = {
  all: 'Any',
  card: 'Card',
  paynow: 'PayNow',
  transfer_reported: `PayNow: ${TRANSFER_REPORTED_STAFF_LABEL.toLowerCase()}`,
};

export interface OrderListState {
  status: OrderFilter;
  payment: PaymentFilter;
  /** An order reference or part of the shopper's e-mail. */
  q: string;
  page: number;
}

const ORDER_PAGE_SIZE = 25;
const Q_MAX = 200;

export function orderStateFrom(search: URLSearchParams): OrderListState {
  const page = Number(search.get('page'));
  const status = search.get('status');
  const payment = search.get('payment');
  return {
    status: ORDER_FILTERS.includes(status as OrderFilter) ? (status as OrderFilter) : 'all',
    payment: PAYMENT_FILTERS.includes(payment as PaymentFilter) ? (payment as PaymentFilter) : 'all',
    q: (search.get('q') ?? '').trim().slice(0, Q_MAX),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address's query for a state, without the defaults. */
export function orderSearchOf(state: OrderListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.status !== 'all') search.set('status', state.status);
  if (state.payment !== 'all') search.set('payment', state.payment);
  if (state.q.trim() !== '') search.set('q', state.q.trim().slice(0, Q_MAX));
  if (state.page !== 1) search.set('page', String(state.page));
  return search;
}

/** `GET /admin/order`'s query for a state (the API lists newest first). */
export function orderQueryOf(state: OrderListState): {
  status?: OrderStatus;
  payment?: Exclude<PaymentFilter, 'all'>;
  q?: string;
  page: number;
  limit: number;
} {
  return {
    status: state.status === 'all' ? undefined : state.status,
    payment: state.payment === 'all' ? undefined : state.payment,
    q: state.q.trim() || undefined,
    page: state.page,
    limit: ORDER_PAGE_SIZE,
  };
}

const PAYMENT_WORDS: Record<PaymentFilter, string> = {
  all: '',
  card: ' by card',
  paynow: ' by PayNow',
  transfer_reported: ' with a PayNow transfer reported',
};

/** What the list says when a page has no orders. */
export function emptyOrdersText(state: OrderListState): string {
  if (state.page > 1) return 'There is nothing on this page any more.';
  const status = state.status === 'all' ? '' : ` ${ORDER_STATUS_LABELS[state.status].toLowerCase()}`;
  const paid = PAYMENT_WORDS[state.payment];
  if (state.q.trim() !== '') return `No${status} orders${paid} match “${state.q.trim()}”.`;
  return state.status === 'all' && state.payment === 'all' ? 'There are no orders yet.' : `No${status} orders${paid}.`;
}
