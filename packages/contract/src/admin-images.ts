/**
 * Image uploads of the back office (issue 14, decision 0015): the body is the image's own bytes,
 * sent with its content type (`IMAGE_UPLOAD_TYPES`), not JSON; the answer names the stored image.
 */
import { z } from 'zod';

/** The bytes of one image: a `Uint8Array` (a Node `Buffer` on the server) or, from a browser, a `Blob`/`File`. */
export const ImageUploadBody = z
  .custom<Uint8Array | Blob>(
    (value) => value instanceof Uint8Array || (typeof Blob !== 'undefined' && value instanceof Blob),
    'must be the bytes of an image',
  )
  .meta({
    type: 'string',
    format: 'binary',
    description: 'The image file itself (JPEG, PNG, WebP, AVIF or GIF; not SVG), at most MAX_IMAGE_UPLOAD_BYTES',
  });

export const ImageUploadAnswer = z
  .object({
    image: z
      .string()
      .describe("Name on the assets host, `products/<uuid>.webp`, for a product's `images`; its thumbnail is `products/<uuid>_thumb.webp`"),
  })
  .meta({ id: 'ImageUploadAnswer' });
export type ImageUploadAnswer = z.infer<typeof ImageUploadAnswer>;
