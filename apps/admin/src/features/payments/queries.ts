/** The payments page's reads: a page of PayNow tasks, and the count of transfers waiting for the navigation. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { PENDING_TRANSFERS_QUERY, paymentQueryOf, type PaymentListState } from './payment-params';

/** Every read of the tasks (pages and the count) starts with this key, so a decision refreshes them all. */
export const PAYMENTS_KEY = ['payments'] as const;
export const paymentPageKey = (state: PaymentListState) => [...PAYMENTS_KEY, 'page', paymentQueryOf(state)] as const;
export const PENDING_TRANSFERS_KEY = [...PAYMENTS_KEY, 'pending-count'] as const;

// Shoppers report transfers and other staff decide them at any time: read a page again on every
// visit (staleTime 0). Not on a timer, so a row does not vanish while staff type its reason.
export const usePaymentTasks = (state: PaymentListState) =>
  useQuery({
    queryKey: paymentPageKey(state),
    queryFn: ({ signal }) => api.get('/admin/payment', { query: paymentQueryOf(state), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** How many reported transfers wait to be confirmed (null until known, or when it cannot be read); read again every minute. */
export function usePendingTransferCount(): number | null {
  const count = useQuery({
    queryKey: PENDING_TRANSFERS_KEY,
    queryFn: ({ signal }) => api.get('/admin/payment', { query: PENDING_TRANSFERS_QUERY, signal }),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
  return count.data?.total ?? null;
}
