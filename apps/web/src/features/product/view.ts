/** Pure helpers of the product page's view: images, links, the `?v=` query. */
import type { Product } from '@kedai/contract';
import { assetUrl } from '@kedai/domain';

export interface GalleryImage {
  /** Full-size image URL on the assets host. */
  full: string;
  /** Its `_thumb` variant. */
  thumb: string;
}

/** The product's image names, main image first, without repeats. */
export function imageNames(product: Pick<Product, 'mainImage' | 'images'>): string[] {
  return [...new Set([product.mainImage, ...product.images].filter((name): name is string => Boolean(name)))];
}

/** The gallery images: the product's images (main image first), or the placeholder alone. */
export function galleryImages(
  product: Pick<Product, 'mainImage' | 'images'>,
  assetsUrl: string,
): { images: GalleryImage[]; placeholder: boolean } {
  const names = imageNames(product);
  const list = names.length > 0 ? names : [null];
  return {
    images: list.map((name) => ({ full: assetUrl(assetsUrl, name, 'full'), thumb: assetUrl(assetsUrl, name, 'thumb') })),
    placeholder: names.length === 0,
  };
}

/** `?v=0/1` with the other query parameters kept; the slash is left as it is (it is valid in a query). */
export function searchWithVariant(search: string, path: string | null): string {
  const params = new URLSearchParams(search);
  params.delete('v');
  const rest = params.toString();
  const query = [rest, path ? `v=${path}` : ''].filter(Boolean).join('&');
  return query ? `?${query}` : '';
}
