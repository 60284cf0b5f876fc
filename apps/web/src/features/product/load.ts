/**
 * Server-side reads of the product page. Server-only: reads the request's headers.
 */
import { headers } from 'next/headers';
import { cache } from 'react';
import type { Product } from '@kedai/contract';
import { apiGet, isApiError } from '../../lib/api';

export const PRODUCT_NOT_FOUND = 'product/not_found';
/** The API refuses longer ids (400); no product has one, so they are simply not found. */
export const MAX_PRODUCT_ID_LENGTH = 200;

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
    return await apiGet<Product>(`/product/one/${encodeURIComponent(id)}`, {
      headers: cookie ? { cookie } : undefined,
    });
  } catch (error) {
    if (isApiError(error) && (error.errorCode === PRODUCT_NOT_FOUND || error.status === 404)) return null;
    throw error;
  }
});

/**
 * Origin of the storefront for absolute URLs (canonical, Open Graph, JSON-LD): `SITE_URL` when
 * set, else the request's forwarded or own host.
 */
export async function siteOrigin(env: Record<string, string | undefined> = process.env): Promise<string> {
  const configured = env.SITE_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  const list = await headers();
  return originFromHeaders({
    host: list.get('x-forwarded-host') ?? list.get('host'),
    proto: list.get('x-forwarded-proto'),
  });
}

/** `https://shop.example` from a host and a forwarded protocol (first value of each list). */
export function originFromHeaders({ host, proto }: { host: string | null; proto: string | null }): string {
  const name = host?.split(',')[0]?.trim() || 'localhost';
  const scheme = proto?.split(',')[0]?.trim().toLowerCase();
  const local = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(name);
  return `${scheme === 'http' || scheme === 'https' ? scheme : local ? 'http' : 'https'}://${name}`;
}
