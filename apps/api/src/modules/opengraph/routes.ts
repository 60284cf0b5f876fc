import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope, OpenGraphPreview, OpenGraphRequest } from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { rateLimit } from '../../platform/rate-limit';
import { FAILURE_KEEP_MINUTES, PREVIEW_KEEP_HOURS, previewLink } from './service';

/** Link previews for the order chat (issue 29): signed-in users only, limited per user. */
export const opengraphRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    fetchOptions: { allowedTestOrigins: app.config.safeFetchTestOrigins },
    now: () => app.config.clock?.() ?? new Date(),
    log: app.log,
  };

  app.post(
    '/opengraph',
    {
      schema: {
        tags: ['opengraph'],
        summary: "A page's preview: title, description, https image and site name (OpenGraph, Twitter card, <title>)",
        description:
          'Read through the safe fetcher (public http(s) addresses on standard ports only, redirects checked again, at most ' +
          `2 MB and 8 s, HTML only) and kept per URL (without its fragment): ${PREVIEW_KEEP_HOURS} h, a page that could not be ` +
          `read ${FAILURE_KEEP_MINUTES} min. 400 \`link/invalid\`, \`link/not_allowed\`, \`link/unreachable\`, \`link/too_large\`, ` +
          '`link/not_html`; 429 past RATE_LIMIT_OPENGRAPH per user.',
        body: OpenGraphRequest,
        response: { 200: OpenGraphPreview, 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope },
      },
      preHandler: [
        requireUser(),
        rateLimit({ name: 'opengraph', ...app.config.rateLimits.opengraph, key: (request) => `user:${authOf(request).user.id}` }),
      ],
    },
    async (request) => previewLink(deps, request.body.url),
  );
};
