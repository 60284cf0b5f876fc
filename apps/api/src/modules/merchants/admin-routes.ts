import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminIdParam, AdminMerchantInput, ErrorEnvelope, MerchantDetail } from '@kedai/contract';
import { authOf } from '../../platform/auth-guard';
import { createMerchant, updateMerchant } from './admin';

/** The back office's merchants (issue 14): staff and owners, two-factor passed. */
export const merchantAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const answers = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope };
  const description =
    "400 with the first problem's code (`merchant/invalid_…`) and `params` listing every problem as `{field, errorCode, error}`; " +
    '409 `merchant/slug_taken`.';

  app.post(
    '/admin/merchant',
    {
      schema: { tags, summary: 'Add a merchant', description, body: AdminMerchantInput, response: { 201: MerchantDetail, ...answers } },
    },
    async (request, reply) => reply.code(201).send(await createMerchant(app.db, authOf(request).user.id, request.body)),
  );

  app.put(
    '/admin/merchant/:id',
    {
      schema: {
        tags,
        summary: "Change a merchant's name, URL name, description, logo or country",
        description,
        params: AdminIdParam,
        body: AdminMerchantInput,
        response: { 200: MerchantDetail, 404: ErrorEnvelope, ...answers },
      },
    },
    async (request) => updateMerchant(app.db, authOf(request).user.id, request.params.id, request.body),
  );
};
