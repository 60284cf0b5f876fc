import { cache } from 'react';
import type { Merchant } from '@kedai/contract';
import { apiGet, isApiError } from '../../lib/api';

/** Every merchant (`GET /merchant`), once per request. */
export const getMerchants = cache(async (): Promise<Merchant[]> => (await apiGet<{ merchants: Merchant[] }>('/merchant')).merchants);

/** One merchant by slug or id (`GET /merchant/{id}`), or null when there is none; once per request. */
export const getMerchant = cache(async (idOrSlug: string): Promise<Merchant | null> => {
  try {
    return (await apiGet<{ merchant: Merchant }>(`/merchant/${encodeURIComponent(idOrSlug)}`)).merchant;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
});
