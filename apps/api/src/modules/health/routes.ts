import type { FastifyPluginAsync } from 'fastify';
import { readinessChecks, type ReadinessInputs } from './readiness';

declare module 'fastify' {
  interface FastifyInstance {
    /** What GET /health/ready reads besides the database (server.ts sets it; tests may too). */
    readiness: ReadinessInputs;
  }
}

/**
 * The probes of a load balancer or orchestrator (issue 28), outside the API's contract: hidden from
 * the OpenAPI document, and answering a plain JSON body that names each check rather than an error envelope.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  // Live while the process runs: never asks the database, so a slow database does not get it restarted.
  app.get('/health/live', { schema: { hide: true } }, async () => ({ live: true }));

  // Ready to take requests: 503 names the checks that fail, so the balancer sends none here meanwhile.
  app.get('/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const checks = await readinessChecks(app.db, app.readiness);
    const ready = Object.values(checks).every(Boolean);
    return reply.code(ready ? 200 : 503).send({ ready, checks });
  });
};

/** SIGTERM's first step: the process says it is not ready, while it still answers what it is sent. */
export function startDraining(app: { readiness: ReadinessInputs }): void {
  app.readiness.draining = true;
}
