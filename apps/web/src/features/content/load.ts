import 'server-only';
import { cache } from 'react';
import type { ImagePage, TextPage } from '@kedai/contract';
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

/** A text page by slug (`GET /text_page/{slug}`), or null when there is none; once per request. */
export const getTextPage = cache(async (slug: string): Promise<TextPage | null> => {
  try {
    return (await serverApi.get('/text_page/:slug', { params: { slug } })).textPage;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
});

/** The countries the shop delivers to (`GET /shipping_location/enabled`), for the shipping page. */
export const getShippingLocations = cache(async () => (await serverApi.get('/shipping_location/enabled')).shippingLocations);
