import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope, IdParam, MerchantDetail, MerchantList } from '@kedai/contract';
import { findMerchant, listMerchants } from './service';

export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['merchants'];
  app.get('/merchant', { schema: { tags, summary: 'All merchants', response: { 200: MerchantList } } }, async () => ({
    merchants: await listMerchants(app.db),
  }));
  app.get(
    '/merchant/:id',
    {
      schema: {
        tags,
        summary: 'One merchant by id or slug',
        params: IdParam,
        response: { 200: MerchantDetail, 404: ErrorEnvelope },
      },
    },
    async (request) => ({ merchant: await findMerchant(app.db, request.params.id) }),
  );
};
