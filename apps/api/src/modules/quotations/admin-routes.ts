import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdParam,
  AdminQuotationDecline,
  AdminQuotationItem,
  AdminQuotationList,
  AdminQuotationListQuery,
  AdminQuotationResolve,
  ErrorEnvelope,
} from '@kedai/contract';
import { authOf } from '../../platform/auth-guard';
import { declineQuotation, listQuotationsForStaff, quotationForStaff, resolveQuotation, type QuotationAdminDeps } from './admin';

/** The back office's quotation queue (issue 15): staff and owners, two-factor passed (rules: access.md "Staff"). */
export const quotationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const deps: QuotationAdminDeps = { db: app.db, mailer: app.mailer, log: app.log, publicWebUrl: app.config.publicWebUrl };
  const conflicts =
    '409 `quotation/version_conflict` when it changed since `version` (another answer, or the shopper’s edit), 409 ' +
    '`quotation/already_answered` for an item that is not pending. The shopper is e-mailed the answer.';

  app.get(
    '/admin/quotation_item',
    {
      schema: {
        tags,
        summary: 'The quotation queue, newest first, filtered by status and source',
        querystring: AdminQuotationListQuery,
        response: { 200: AdminQuotationList, 400: ErrorEnvelope, ...denied },
      },
    },
    async (request) => listQuotationsForStaff(app.db, request.query),
  );

  app.get(
    '/admin/quotation_item/:id',
    {
      schema: {
        tags,
        summary: 'One quotation item, with its shopper, product and version',
        params: AdminIdParam,
        response: { 200: AdminQuotationItem, 404: ErrorEnvelope, ...denied },
      },
    },
    async (request) => quotationForStaff(app.db, request.params.id),
  );

  app.post(
    '/admin/quotation_item/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Answer a pending item with a price per unit for each region quoted (p → r)',
        description:
          '400 `quotation/invalid_quote` (a price above 0 in minor units for at least one known region; for a marketplace ' +
          'product also `basePrice` and `basePriceCurrency`); 409 `quotation/wrong_kind` for a marketplace price on one of ' +
          `the shop's products; 404 \`quotation/product_not_found\` when the shop's product is gone. ${conflicts}`,
        params: AdminIdParam,
        body: AdminQuotationResolve,
        response: { 200: AdminQuotationItem, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) => resolveQuotation(deps, authOf(request).user.id, request.params.id, request.body),
  );

  app.post(
    '/admin/quotation_item/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline a pending item with a reason the shopper reads (p → d)',
        description: `400 \`quotation/invalid_decline_reason\`. ${conflicts}`,
        params: AdminIdParam,
        body: AdminQuotationDecline,
        response: { 200: AdminQuotationItem, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) => declineQuotation(deps, authOf(request).user.id, request.params.id, request.body),
  );
};
