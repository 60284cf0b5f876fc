import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminIdParam, AdminVoucher, AdminVoucherInput, AdminVoucherList, AdminVoucherRedemptions, ErrorEnvelope } from '@kedai/contract';
import { authOf } from '../../platform/auth-guard';
import { createVoucher, listVouchers, updateVoucher, voucherRedemptionList } from './admin';

/** The back office's vouchers (issue 16): staff and owners. */
export const voucherAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const invalid = '400 `voucher/invalid` (`params[0]` the first field that is wrong), 409 `voucher/code_taken`.';

  app.get(
    '/admin/voucher',
    {
      schema: { tags, summary: 'Every voucher, newest first, with its uses', response: { 200: AdminVoucherList, ...denied } },
    },
    async () => listVouchers(app.db),
  );

  app.post(
    '/admin/voucher',
    {
      schema: {
        tags,
        summary: 'Create a voucher',
        description: invalid,
        body: AdminVoucherInput,
        response: { 201: AdminVoucher, 400: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request, reply) => reply.code(201).send(await createVoucher(app.db, authOf(request).user.id, request.body)),
  );

  app.put(
    '/admin/voucher/:id',
    {
      schema: {
        tags,
        summary: 'Save a voucher as edited from `version` (deactivate with `active: false`)',
        description: `${invalid} 409 \`voucher/version_conflict\`; 404 \`voucher/not_found\`.`,
        params: AdminIdParam,
        body: AdminVoucherInput,
        response: { 200: AdminVoucher, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) => updateVoucher(app.db, authOf(request).user.id, request.params.id, request.body),
  );

  app.get(
    '/admin/voucher/:id/redemptions',
    {
      schema: {
        tags,
        summary: 'The orders holding a use of the voucher',
        params: AdminIdParam,
        response: { 200: AdminVoucherRedemptions, 404: ErrorEnvelope, ...denied },
      },
    },
    async (request) => voucherRedemptionList(app.db, request.params.id),
  );
};
