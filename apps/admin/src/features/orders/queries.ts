/** The order list's reads: a page of orders, and one order. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { orderQueryOf, type OrderListState } from './order-params';

/** Every page of the list starts with this key, so a change to an order refreshes them all. */
export const ORDERS_KEY = ['orders'] as const;
export const orderKey = (id: string) => ['order', id] as const;

export const useOrderList = (state: OrderListState) =>
  useQuery({
    queryKey: [...ORDERS_KEY, orderQueryOf(state)],
    queryFn: ({ signal }) => api.get('/admin/order', { query: orderQueryOf(state), signal }),
    placeholderData: keepPreviousData,
  });

/** How many paid orders wait to be processed: the total of the Paid filter (one row read). */
export const usePaidToProcess = () =>
  useQuery({
    queryKey: [...ORDERS_KEY, 'paid-to-process'],
    queryFn: async ({ signal }) => (await api.get('/admin/order', { query: { status: 'paid', limit: 1 }, signal })).total,
  });

/**
 * One order. It is read each time its page opens, and again when a step is refused because it moved
 * meanwhile; a background refresh never swaps the forms under what staff are typing.
 */
export const useOrder = (id: string) =>
  useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => api.get('/admin/order/:id', { params: { id }, signal }),
    staleTime: Infinity,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
