import { cache } from 'react';
import { apiGet, isApiError } from '../../lib/api';

/** `ImagePage` of the contract. */
export type ImagePageData = {
  id: string;
  slug: string;
  title: string;
  blocks: { image: string; alt: string; link: string | null }[];
};

/** An image page by slug or id (`GET /image_page/{id}`), or null when there is none; once per request. */
export const getImagePage = cache(async (idOrSlug: string): Promise<ImagePageData | null> => {
  try {
    return (await apiGet<{ imagePage: ImagePageData }>(`/image_page/${encodeURIComponent(idOrSlug)}`)).imagePage;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
});
