import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminTextPageInput, ErrorEnvelope, SlugParam, TextPageDetail } from '@kedai/contract';
import { authOf, requireStaff } from '../../platform/auth-guard';
import { saveTextPage } from './admin';

/** The back office's content (issue 14): staff and owners, two-factor passed. */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/admin/text_page/:slug',
    {
      schema: {
        tags: ['admin'],
        summary: "Change one of the shop's text pages (shipping, returns, privacy, terms): its title and Markdown",
        description: '400 `text_page/invalid_title` or `text_page/invalid_body`; 404 `general/not_found` for an unknown page.',
        params: SlugParam,
        body: AdminTextPageInput,
        response: { 200: TextPageDetail, 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope },
      },
      onRequest: requireStaff(),
    },
    async (request) => saveTextPage(app.db, authOf(request).user.id, request.params.slug, request.body),
  );
};
