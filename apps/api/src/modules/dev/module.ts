import type { FastifyPluginAsync } from 'fastify';
import { defineModule } from '../../platform/modules';
import { devRoutes } from './routes';

/** The development outbox exists only when switched on (never in production: config refuses it). */
const devOutboxWhenOn: FastifyPluginAsync = async (app) => {
  if (app.config.devOutbox) await app.register(devRoutes);
};

/** Development tools: every process, when switched on. */
export const devModule = defineModule({
  name: 'dev',
  routes: [devOutboxWhenOn],
});
