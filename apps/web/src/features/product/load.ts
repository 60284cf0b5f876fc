/**
 * Server-side reads of the product page. Server-only.
 */
import 'server-only';
import { cache } from 'react';
import type { Product } from '@kedai/contract';
import { ID_PARAM_MAX_LENGTH } from '@kedai/contract/constants';
import { isApiError, serverApi } from '../../lib/api';

const PRODUCT_NOT_FOUND = 'product/not_found';
/** The API refuses longer ids (400); no product has one, so they are simply not found. */
const MAX_PRODUCT_ID_LENGTH = ID_PARAM_MAX_LENGTH;

/**
 * `GET /product/one/{id}` (uuid or paramName), memoised per request so the page and its metadata
 * share one call. A read only, the same for everyone, so no cookie goes with it: this render also
 * answers Next.js's prefetches, and the view is recorded by the page in the browser once it is shown
 * (`RecordProductView`). Resolves null for `product/not_found`; other failures reject with the ApiError.
 */
export const getProduct = cache(async (id: string): Promise<Product | null> => {
  if (id.length === 0 || id.length > MAX_PRODUCT_ID_LENGTH) return null;
  try {
    return await serverApi.get('/product/one/:id', { params: { id } });
  } catch (error) {
    if (isApiError(error) && (error.errorCode === PRODUCT_NOT_FOUND || error.status === 404)) return null;
    throw error;
  }
});
