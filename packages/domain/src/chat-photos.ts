/**
 * The order chat's photos (issue 29) are private (only the order's buyer and staff see them): stored
 * as `chat/<uuid>.webp` with a `_thumb` thumbnail, outside the public assets host, and read through
 * the order's own route, `GET /order/{id}/messages/photos/{name}` (staff: the same under `/admin`).
 */

/** Photos a shopper may add to a dispute as they open it. */
export const DISPUTE_PHOTOS_MAX = 4;

/** A route's name: the photo's uuid, `_thumb` for its thumbnail, always WebP (what the pipeline stores). */
const CHAT_PHOTO_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(_thumb)?\.webp$/;

/** A photo route's `name` (`<uuid>.webp` or `<uuid>_thumb.webp`): the stored photo it names and which size; null for any other name. */
export function parseChatPhotoName(name: string): { image: string; size: 'full' | 'thumb' } | null {
  const match = CHAT_PHOTO_FILE.exec(name);
  if (!match) return null;
  return { image: `chat/${match[1]}.webp`, size: match[2] ? 'thumb' : 'full' };
}

/** The API path of a chat photo (or its thumbnail) for the shopper or staff; null for a name that is not a chat photo's. */
export function chatPhotoPath(orderId: string, image: string, size: 'full' | 'thumb', side: 'shopper' | 'staff'): string | null {
  const name = image.startsWith('chat/') ? image.slice('chat/'.length) : '';
  const parsed = parseChatPhotoName(name);
  if (!parsed || parsed.size !== 'full') return null;
  const file = size === 'thumb' ? name.replace(/\.webp$/, '_thumb.webp') : name;
  return `${side === 'staff' ? '/admin' : ''}/order/${encodeURIComponent(orderId)}/messages/photos/${file}`;
}
