import 'server-only';
import { cache } from 'react';
import type { Merchant } from '@kedai/contract';
import { isApiError, serverApi } from '../../lib/api';

/** Every merchant (`GET /merchant`), once per request. */
export const getMerchants = cache(async (): Promise<Merchant[]> => (await serverApi.get('/merchant')).merchants);

/** One merchant by slug or id (`GET /merchant/{id}`), or null when there is none; once per request. */
export const getMerchant = cache(async (idOrSlug: string): Promise<Merchant | null> => {
  try {
    return (await serverApi.get('/merchant/:id', { params: { id: idOrSlug } })).merchant;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
});
