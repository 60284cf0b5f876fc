/**
 * Where the back office finds the shop's images and pages. `GET /config`'s `assets_url` is the
 * assets host: an absolute URL is used as it is; the default, `/assets` on the storefront's own
 * origin, is the API's `/assets/…`, which the back office reaches through its own `/api` forwarding
 * (its Content-Security-Policy allows images from its own origin). Thumbnails carry `_thumb` before
 * the extension (`assetUrl`/`thumbnailName` in the domain).
 */
import { assetUrl, chatPhotoPath } from '@kedai/domain';

const ABSOLUTE = /^https?:\/\//i;

/** The base URL images are loaded from in the back office, for an `assets_url`. */
export function assetsBase(assetsUrl: string): string {
  const trimmed = assetsUrl.trim().replace(/\/+$/, '');
  if (ABSOLUTE.test(trimmed)) return trimmed;
  return `/api/${trimmed.replace(/^\/+/, '')}`.replace(/\/+$/, '');
}

/** The address of an image (or its thumbnail) by its name on the assets host. */
export const imageSrc = (assetsUrl: string, name: string, size: 'full' | 'thumb' = 'thumb'): string =>
  assetUrl(assetsBase(assetsUrl), name, size);

/**
 * Where the back office reads an order chat's photo (or its thumbnail): private to the buyer and
 * staff, so through the staff's photo route on this origin's `/api` (the session cookie goes with
 * it), never from the assets host. Null for a name that is no chat photo's.
 */
export function chatPhotoSrc(orderId: string, image: string, size: 'full' | 'thumb'): string | null {
  const path = chatPhotoPath(orderId, image, size, 'staff');
  return path ? `/api${path}` : null;
}

/** Configuration entries that may name the storefront's public address, first found wins. */
const STOREFRONT_KEYS = ['storefront_url', 'public_web_url', 'web_url'] as const;

/** The storefront's base URL from `GET /config`, when it names one (an absolute http(s) URL); else null. */
export function storefrontBase(config: Record<string, unknown> | undefined): string | null {
  for (const key of STOREFRONT_KEYS) {
    const value = config?.[key];
    if (typeof value === 'string' && ABSOLUTE.test(value.trim())) return value.trim().replace(/\/+$/, '');
  }
  return null;
}

/** A storefront page: its full address when the storefront's base URL is known, and its path. */
export function storefrontPage(base: string | null, path: string): { href: string | null; path: string } {
  return { href: base ? `${base}${path}` : null, path };
}
