import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AppError, toUnixSeconds } from '@kedai/domain';
import { DevFailedJobAnswer, ErrorEnvelope, OutboxQuery, OutboxResponse } from '@kedai/contract';
import { listOutbox } from '../../platform/mailer';
import { makeFailedJob } from './failed-job';

/** Headers a proxy adds when it forwards a request: such a request did not start on this machine. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via'];

/**
 * Whether the request comes straight from this machine: the socket's own peer is a loopback
 * address (not `request.ip`, which follows X-Forwarded-For) and nothing forwarded it (the
 * storefront on this machine connects from loopback too, on behalf of any browser).
 */
function isDirectLoopback(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
  return loopback && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/**
 * Development helpers, registered only when `DEV_OUTBOX` is on (config refuses it in production),
 * and answered only to direct loopback clients: anyone else gets the 404 of a route that does not
 * exist, so a shop started with `npm start` on a public address shows nobody its mail.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!isDirectLoopback(request)) throw new AppError('general/not_found', [`${request.method} ${request.url.split('?')[0]}`]);
  });

  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'The mails sent to one address, newest first (DEV_OUTBOX on, loopback clients only)',
        querystring: OutboxQuery,
        response: { 200: OutboxResponse, 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request) => ({
      messages: (await listOutbox(app.db, request.query.to)).map((m) => ({
        ...m,
        createdAt: toUnixSeconds(m.createdAt),
      })),
    }),
  );

  app.post(
    '/dev/failed_job',
    {
      schema: {
        tags: ['development'],
        summary: "A job that failed for good, for trying the back office's Jobs page (DEV_OUTBOX on, loopback clients only)",
        description:
          'A `dev.example` job run once by a runner of its own that fails it: dead after its one try. No process runs that kind, ' +
          'so once staff retry it, it stays queued.',
        response: { 201: DevFailedJobAnswer, 404: ErrorEnvelope },
      },
    },
    async (_request, reply) => reply.code(201).send({ job: await makeFailedJob(app) }),
  );
};
