import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminDisputeList, AdminIdParam, AdminResolveDispute, Dispute, ErrorEnvelope } from '@kedai/contract';
import { authOf } from '../../platform/auth-guard';
import { listDisputesForStaff, reopenDisputes, resolveDispute } from './service';

/** Disputes in the back office (issue 29): staff and owners, two-factor passed; every write audited. */
export const disputeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const now = () => app.config.clock?.() ?? new Date();

  app.get(
    '/admin/order/:id/disputes',
    {
      schema: {
        tags,
        summary: 'The disputes about an order, newest first, and whether staff may allow a new one now',
        params: AdminIdParam,
        response: { 200: AdminDisputeList, 400: ErrorEnvelope, 404: ErrorEnvelope, ...denied },
      },
    },
    async (request) => listDisputesForStaff(app.db, request.params.id, now()),
  );

  app.post(
    '/admin/dispute/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Resolve an open dispute: refund all or part through the refunds ledger, or decline with a reason',
        description:
          '409 `dispute/not_open` (`params[0]` how it was resolved) when already resolved; 400 `payment/invalid_refund_amount` ' +
          '(`params[0]` the most that may be refunded), `dispute/invalid_decline_reason`. A card is refunded through its provider ' +
          'once committed; a PayNow order gets a refund to send under Payments. The shopper is told in the conversation.',
        params: AdminIdParam,
        body: AdminResolveDispute,
        response: { 200: Dispute, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) => resolveDispute(app.db, app.paymentProvider, authOf(request).user.id, request.params.id, request.body, now()),
  );

  app.post(
    '/admin/order/:id/disputes/reopen',
    {
      schema: {
        tags,
        summary: 'Allow the shopper a new dispute after the window or after they confirmed receipt',
        description:
          '409 `dispute/cannot_reopen` (`params[0]` why, in words, as `whyNotReopen` of the list) when one is open, the shopper ' +
          'could open one anyway, everything paid was refunded, or the goods have not arrived (delivered or receipt confirmed). ' +
          'The allowance lasts a new window and is told in the conversation.',
        params: AdminIdParam,
        response: { 200: AdminDisputeList, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) => reopenDisputes(app.db, authOf(request).user.id, request.params.id, now()),
  );
};
