import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope, IMAGE_UPLOAD_TYPES, ImageUploadAnswer, ImageUploadBody } from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { authOf } from '../../platform/auth-guard';
import { removeImage, storeImage } from './service';

/**
 * Image uploads of the back office (issue 14, decision 0015). The body is the image's own bytes,
 * not JSON: this plugin's scope parses only the image types (a JSON, form or text body is 415 like
 * any other), and reads at most MAX_IMAGE_UPLOAD_BYTES (413 beyond it, before reading on a larger
 * Content-Length). The guard runs before the body is read.
 */
export const imageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...IMAGE_UPLOAD_TYPES], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/admin/image',
    {
      schema: {
        tags: ['admin'],
        summary: 'Upload one product image; it is checked, re-encoded as WebP (at most 1600 px) with a 400 px thumbnail, and stored',
        description:
          'The body is the image file itself with its content type. 415 `general/unsupported_media_type` for anything that does not ' +
          'decode as a JPEG, PNG, WebP, AVIF or GIF image (SVG is never taken); 413 `general/payload_too_large` above ' +
          'MAX_IMAGE_UPLOAD_BYTES or 50 million pixels. Nothing is stored when it is refused.',
        body: ImageUploadBody,
        consumes: [...IMAGE_UPLOAD_TYPES],
        response: {
          201: ImageUploadAnswer,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          413: ErrorEnvelope,
          415: ErrorEnvelope,
        },
      },
      bodyLimit: app.config.maxImageUploadBytes,
    },
    async (request, reply) => {
      const stored = await storeImage(app.config.assetsDir, request.body as Uint8Array);
      try {
        await recordAudit(app.db, {
          actorId: authOf(request).user.id,
          action: 'image.upload',
          objectType: 'image',
          objectId: stored.image,
          before: null,
          after: stored,
        });
      } catch (error) {
        await removeImage(app.config.assetsDir, stored.image);
        throw error;
      }
      return reply.code(201).send({ image: stored.image });
    },
  );
};
