import 'server-only';
import { cache } from 'react';
import type { ImagePage } from '@kedai/contract';
import { isApiError, serverApi } from '../../lib/api';

/** An image page by slug or id (`GET /image_page/{id}`), or null when there is none; once per request. */
export const getImagePage = cache(async (idOrSlug: string): Promise<ImagePage | null> => {
  try {
    return (await serverApi.get('/image_page/:id', { params: { id: idOrSlug } })).imagePage;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
});
