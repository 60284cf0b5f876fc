import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope, Ping, PublicConfig } from '@kedai/contract';
import { publicConfig } from './service';
import { toUnixSeconds } from '@kedai/domain';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/ping', { schema: { tags: ['system'], summary: 'Liveness check', response: { 200: Ping } } }, async () => ({
    ok: true as const,
    time: toUnixSeconds(new Date()),
  }));

  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: "The shop's public configuration",
        response: { 200: PublicConfig, 500: ErrorEnvelope },
      },
    },
    async () => publicConfig(app.db, app.config, app.paymentProvider),
  );
};
