import { z } from 'zod';

/**
 * The order chat's photos (issue 29) are private: only the order's buyer and the shop's staff read
 * them, through the order's own route (`chatPhotoPath` of packages/domain builds it), never from the
 * assets host.
 */

/** `GET /order/{id}/messages/photos/{name}` (staff: under `/admin`): a chat photo or its thumbnail. */
export const ChatPhotoParams = z.object({
  id: z.string().max(100),
  name: z.string().max(100).describe('`<uuid>.webp`, or `<uuid>_thumb.webp` for the thumbnail'),
});
/** The photo's own bytes, `image/webp`, `Cache-Control: private`. */
export const ChatPhotoFile = z.string().meta({ id: 'ChatPhotoFile', format: 'binary', description: 'The WebP image itself' });
