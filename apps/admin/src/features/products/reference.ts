/** What the editor picks from: regions (price columns), categories and merchants; read once per few minutes. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

const FIVE_MINUTES = 5 * 60_000;

export const useRegions = () =>
  useQuery({ queryKey: ['regions'], queryFn: ({ signal }) => api.get('/region', { signal }), staleTime: FIVE_MINUTES });
export const useCategories = () =>
  useQuery({ queryKey: ['categories'], queryFn: ({ signal }) => api.get('/product/categories', { signal }), staleTime: FIVE_MINUTES });
export const useMerchants = () =>
  useQuery({ queryKey: ['merchants'], queryFn: ({ signal }) => api.get('/merchant', { signal }), staleTime: FIVE_MINUTES });

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "25 Nov 2026, 14:05" for unix seconds, and the machine-readable form for `<time>`. */
export const when = (seconds: number) => ({ text: dateTime.format(new Date(seconds * 1000)), iso: new Date(seconds * 1000).toISOString() });
