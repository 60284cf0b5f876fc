/** The shop's public configuration (`GET /config`): the assets host and, when it says, the storefront's address. */
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export const useShopConfig = () =>
  useQuery({ queryKey: ['config'], queryFn: ({ signal }) => api.get('/config', { signal }), staleTime: 5 * 60_000 });
