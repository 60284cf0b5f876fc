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

/**
 * For each variant, each option's picture as an index into the gallery (`imageNames`), or null
 * where the option has none: the gallery turns to the chosen colour's picture.
 */
export function optionPictures(product: Pick<Product, 'mainImage' | 'images' | 'variants'>): (number | null)[][] {
  const names = imageNames(product);
  return product.variants.map((variant) =>
    (variant.images ?? []).map((name) => {
      const index = name ? names.indexOf(name) : -1;
      return index >= 0 ? index : null;
    }),
  );
}

/** The gallery index of the first chosen option that has a picture, or null. */
export function pictureForSelection(pictures: (number | null)[][], selection: readonly (number | null)[] | undefined): number | null {
  if (!selection) return null;
  for (const [variantIndex, optionIndex] of selection.entries()) {
    const picture = optionIndex === null ? null : (pictures[variantIndex]?.[optionIndex] ?? null);
    if (picture !== null) return picture;
  }
  return null;
}

/** `?v=0/1` with the other query parameters kept; the slash is left as it is (it is valid in a query). */
export function searchWithVariant(search: string, path: string | null): string {
  const params = new URLSearchParams(search);
  params.delete('v');
  const rest = params.toString();
  const query = [rest, path ? `v=${path}` : ''].filter(Boolean).join('&');
  return query ? `?${query}` : '';
}
