import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope, OutboxQuery, OutboxResponse } from '@kedai/contract';
import { listOutbox } from '../../platform/mailer';

/**
 * Development helpers. `app.ts` registers this plugin only outside production: in production
 * these routes do not exist at all.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'The mails sent to one address, newest first (not available in production)',
        querystring: OutboxQuery,
        response: { 200: OutboxResponse, 400: ErrorEnvelope },
      },
    },
    async (request) => ({
      messages: (await listOutbox(app.db, request.query.to)).map((m) => ({
        ...m,
        createdAt: Math.floor(m.createdAt.getTime() / 1000),
      })),
    }),
  );
};
