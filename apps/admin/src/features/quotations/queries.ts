/** The quotation queue's reads: a page of the queue, one item, and the count of pending items for the navigation. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { PENDING_COUNT_QUERY, queueQueryOf, type QueueState } from './queue-params';

/** Every read of the queue (pages and the count) starts with this key, so an answer refreshes them all. */
export const QUEUE_KEY = ['quotations'] as const;
export const itemKey = (id: string) => ['quotation', id] as const;

export const useQuotationQueue = (state: QueueState) =>
  useQuery({
    queryKey: [...QUEUE_KEY, 'page', queueQueryOf(state)],
    queryFn: ({ signal }) => api.get('/admin/quotation_item', { query: queueQueryOf(state), signal }),
    placeholderData: keepPreviousData,
  });

/**
 * One item. It is read each time its page opens and then only when asked (after an answer was
 * refused): the `version` an answer sends must be the one staff were shown, so a background
 * refresh never swaps it under what they are typing.
 */
export const useQuotation = (id: string) =>
  useQuery({
    queryKey: itemKey(id),
    queryFn: ({ signal }) => api.get('/admin/quotation_item/:id', { params: { id }, signal }),
    staleTime: Infinity,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });

/** How many items wait for an answer (null until known, or when it cannot be read); read again every minute. */
export function usePendingCount(): number | null {
  const count = useQuery({
    queryKey: [...QUEUE_KEY, 'pending-count'],
    queryFn: ({ signal }) => api.get('/admin/quotation_item', { query: PENDING_COUNT_QUERY, signal }),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
  return count.data?.total ?? null;
}
