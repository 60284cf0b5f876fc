/**
 * Server-side reads of the product page. Server-only: reads the request's headers.
 */
import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import type { Product } from '@kedai/contract';
import { ID_PARAM_MAX_LENGTH } from '@kedai/contract/constants';
import { isApiError, serverApi } from '../../lib/api';

const PRODUCT_NOT_FOUND = 'product/not_found';
/** The API refuses longer ids (400); no product has one, so they are simply not found. */
const MAX_PRODUCT_ID_LENGTH = ID_PARAM_MAX_LENGTH;

/**
 * `GET /product/one/{id}` (uuid or paramName), memoised per request so the page and its metadata
 * share one call (the API records one view). The browser's cookie header is forwarded, so the view
 * is recorded for the visitor's `kedai_vid` cookie. Resolves null for `product/not_found`;
 * other failures reject with the ApiError.
 */
export const getProduct = cache(async (id: string): Promise<Product | null> => {
  if (id.length === 0 || id.length > MAX_PRODUCT_ID_LENGTH) return null;
  const cookie = (await headers()).get('cookie');
  try {
    return await serverApi.get('/product/one/:id', { params: { id }, headers: cookie ? { cookie } : undefined });
  } catch (error) {
    if (isApiError(error) && (error.errorCode === PRODUCT_NOT_FOUND || error.status === 404)) return null;
    throw error;
  }
});
