/** The vouchers' reads: every voucher (the API answers them all, newest first), and one voucher's redemptions. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const VOUCHERS_KEY = ['vouchers'] as const;
export const redemptionsKey = (id: string) => ['voucher-redemptions', id] as const;

// Shoppers change the use counts and redemptions at any time: read them again on every visit
// (staleTime 0), not the back office's default of 10 seconds.
export const useVouchers = () =>
  useQuery({ queryKey: VOUCHERS_KEY, queryFn: ({ signal }) => api.get('/admin/voucher', { signal }), staleTime: 0 });

export const useRedemptions = (id: string) =>
  useQuery({
    queryKey: redemptionsKey(id),
    queryFn: ({ signal }) => api.get('/admin/voucher/:id/redemptions', { params: { id }, signal }),
    staleTime: 0,
  });
