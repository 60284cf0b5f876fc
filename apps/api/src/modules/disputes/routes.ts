import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Dispute, DisputeList, ErrorEnvelope, OpenDisputeRequest, OrderIdParams } from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { listDisputes, openDispute } from './service';

/** The buyer's disputes about their order (issue 29); others' orders answer 404 `order/not_found`. */
export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['disputes'];
  const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const now = () => app.config.clock?.() ?? new Date();

  app.post(
    '/order/:id/disputes',
    {
      schema: {
        tags,
        summary: 'Open a dispute about a delivered order, within its window (GET /order/{id}/dispute_info says whether)',
        description:
          '400 `dispute/invalid_reason`, `dispute/description_too_short` / `dispute/description_too_long` (`params[0]` the limit); ' +
          '409 `dispute/already_open` while one is open, `dispute/not_allowed` (`params[0]` why, in words) outside the window, after ' +
          'receipt was confirmed (unless staff reopened), or before delivery. Photos follow, each by `POST /order/{id}/disputes/photo`.',
        params: OrderIdParams,
        body: OpenDisputeRequest,
        response: { 201: Dispute, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      const dispute = await openDispute(app.db, authOf(request).user.id, request.params.id, request.body, now());
      return reply.code(201).send(dispute);
    },
  );

  app.get(
    '/order/:id/disputes',
    {
      schema: {
        tags,
        summary: 'The disputes about the order, newest first',
        params: OrderIdParams,
        response: { 200: DisputeList, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => listDisputes(app.db, authOf(request).user.id, request.params.id),
  );
};
