/**
 * The quotation queue's state lives in the address (`/quotations?status=quoted&source=marketplace&page=2`),
 * so a filtered queue can be bookmarked, reloaded and left with Back; these turn it into
 * `GET /admin/quotation_item`'s query and back. The queue opens on the pending items: what staff
 * have to answer.
 */
import type { QuotationSource, QuotationStatus } from '@kedai/domain';

export const QUEUE_STATUSES = ['pending', 'quoted', 'declined', 'all'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];
export const QUEUE_SOURCES = ['all', 'shop', 'marketplace'] as const;
export type QueueSource = (typeof QUEUE_SOURCES)[number];

export const QUEUE_STATUS_LABELS: Record<QueueStatus, string> = {
  pending: 'Pending',
  quoted: 'Quoted',
  declined: 'Declined',
  all: 'All',
};
export const QUEUE_SOURCE_LABELS: Record<QueueSource, string> = {
  all: 'All',
  shop: 'Shop products',
  marketplace: 'Marketplace links',
};

export interface QueueState {
  status: QueueStatus;
  source: QueueSource;
  page: number;
}

const QUEUE_PAGE_SIZE = 25;
const DEFAULTS: QueueState = { status: 'pending', source: 'all', page: 1 };

const STATUS_CODES: Record<Exclude<QueueStatus, 'all'>, QuotationStatus> = { pending: 'p', quoted: 'r', declined: 'd' };
const SOURCE_CODES: Record<Exclude<QueueSource, 'all'>, QuotationSource> = { shop: 'i', marketplace: 'e' };

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function queueStateFrom(search: URLSearchParams): QueueState {
  const page = Number(search.get('page'));
  return {
    status: oneOf(QUEUE_STATUSES, search.get('status'), DEFAULTS.status),
    source: oneOf(QUEUE_SOURCES, search.get('source'), DEFAULTS.source),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address's query for a state, without the defaults. */
export function queueSearchOf(state: QueueState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.status !== DEFAULTS.status) search.set('status', state.status);
  if (state.source !== DEFAULTS.source) search.set('source', state.source);
  if (state.page !== 1) search.set('page', String(state.page));
  return search;
}

/** `GET /admin/quotation_item`'s query for a state (the API lists newest first). */
export function queueQueryOf(state: QueueState) {
  return {
    status: state.status === 'all' ? undefined : STATUS_CODES[state.status],
    source: state.source === 'all' ? undefined : SOURCE_CODES[state.source],
    page: state.page,
    limit: QUEUE_PAGE_SIZE,
  };
}

/** What the list says when a page has no items. */
export function emptyQueueText(state: QueueState): string {
  const source = state.source === 'shop' ? ' for shop products' : state.source === 'marketplace' ? ' for marketplace links' : '';
  if (state.page > 1) return 'There is nothing on this page any more.';
  if (state.status === 'all') return `There are no quotations${source} yet.`;
  return `No ${QUEUE_STATUS_LABELS[state.status].toLowerCase()} quotations${source}.`;
}

/** `GET /admin/quotation_item`'s query for the count of pending items shown in the navigation. */
export const PENDING_COUNT_QUERY = { status: 'p', page: 1, limit: 1 } as const;
